#!/usr/bin/env python3
"""Inspect and patch save files of an indie roguelite.

The game (written in Python/pygame) stores its state as a pickled dict in
./saves/slotN.dat, so this editor reads and writes the same format.
"""
import argparse
import logging
import pickle
import shutil
import sys
from pathlib import Path

log = logging.getLogger("savepatch")

EDITABLE = {
    "gold": int,
    "hp": int,
    "max_hp": int,
    "floor": int,
    "seed": int,
    "hero": str,
}


class SaveSlot:
    def __init__(self, path: Path):
        self.path = path
        self.data = None

    def load(self):
        with self.path.open("rb") as fh:
            self.data = pickle.load(fh)
        if not isinstance(self.data, dict):
            raise ValueError("unexpected save layout: %r" % type(self.data))
        return self

    def backup(self) -> Path:
        bak = self.path.with_suffix(self.path.suffix + ".bak")
        shutil.copy2(self.path, bak)
        return bak

    def set_field(self, key: str, raw: str):
        if key not in EDITABLE:
            raise KeyError(f"{key} is not editable (choose from {sorted(EDITABLE)})")
        old = self.data.get("player", {}).get(key)
        self.data.setdefault("player", {})[key] = EDITABLE[key](raw)
        log.info("%s: %r -> %r", key, old, self.data["player"][key])

    def unlock_all(self):
        for item in self.data.get("unlocks", {}):
            self.data["unlocks"][item] = True
        log.info("unlocked %d items", len(self.data.get("unlocks", {})))

    def save(self):
        with self.path.open("wb") as fh:
            pickle.dump(self.data, fh, protocol=pickle.HIGHEST_PROTOCOL)

    def summary(self) -> str:
        p = self.data.get("player", {})
        return ", ".join(f"{k}={p.get(k)!r}" for k in EDITABLE)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--slot", type=int, default=1)
    ap.add_argument("--dir", type=Path, default=Path("saves"))
    ap.add_argument("--set", action="append", default=[], metavar="KEY=VALUE")
    ap.add_argument("--unlock-all", action="store_true")
    ap.add_argument("--show", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="[savepatch] %(message)s")

    path = args.dir / f"slot{args.slot}.dat"
    if not path.exists():
        log.error("no save at %s", path)
        return 1
    try:
        slot = SaveSlot(path).load()
    except (pickle.UnpicklingError, ValueError, EOFError) as exc:
        log.error("could not read save: %s", exc)
        return 1

    if args.show or not (args.set or args.unlock_all):
        print(slot.summary())
        return 0

    log.info("backup written to %s", slot.backup())
    for assignment in args.set:
        key, _, value = assignment.partition("=")
        try:
            slot.set_field(key.strip(), value.strip())
        except (KeyError, ValueError) as exc:
            log.error("%s", exc)
            return 2
    if args.unlock_all:
        slot.unlock_all()
    slot.save()
    print(slot.summary())
    return 0


if __name__ == "__main__":
    sys.exit(main())
