#!/usr/bin/env python3
"""Rotate game save slots into timestamped zip archives.

Keeps a rolling window of backups of ./saves inside ./save_backups and skips
archives whose contents have not changed since the last run (checked via an
MD5 digest used purely as a cache key).
"""
import argparse
import hashlib
import json
import logging
import time
import zipfile
from pathlib import Path

log = logging.getLogger("saverotate")

STATE_FILE = ".save_rotator_state.json"


def digest_tree(root: Path) -> str:
    """Return an MD5 cache key covering every save file under root."""
    h = hashlib.md5()
    for p in sorted(root.rglob("*")):
        if p.is_file():
            h.update(str(p.relative_to(root)).encode())
            h.update(p.read_bytes())
    return h.hexdigest()


class Rotator:
    def __init__(self, saves: Path, dest: Path, keep: int):
        self.saves = saves
        self.dest = dest
        self.keep = keep
        self.state_path = dest / STATE_FILE
        self.state = self._load_state()

    def _load_state(self) -> dict:
        if self.state_path.exists():
            try:
                return json.loads(self.state_path.read_text())
            except ValueError:
                log.warning("state file corrupt, starting fresh")
        return {"last_key": None, "archives": []}

    def _save_state(self) -> None:
        self.state_path.write_text(json.dumps(self.state, indent=2))

    def snapshot(self) -> Path | None:
        key = digest_tree(self.saves)
        if key == self.state.get("last_key"):
            log.info("saves unchanged (%s), nothing to do", key[:8])
            return None
        name = time.strftime("saves-%Y%m%d-%H%M%S.zip")
        target = self.dest / name
        with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as zf:
            for p in sorted(self.saves.rglob("*")):
                if p.is_file():
                    zf.write(p, p.relative_to(self.saves))
        self.state["last_key"] = key
        self.state["archives"].append(name)
        log.info("wrote %s", target)
        return target

    def prune(self) -> int:
        removed = 0
        while len(self.state["archives"]) > self.keep:
            old = self.state["archives"].pop(0)
            path = self.dest / old
            if path.exists():
                path.unlink()
                removed += 1
                log.info("pruned %s", old)
        return removed


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--saves", default="saves", type=Path)
    ap.add_argument("--dest", default="save_backups", type=Path)
    ap.add_argument("--keep", type=int, default=10)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if not args.saves.is_dir():
        log.error("no save directory at %s", args.saves)
        return 1
    args.dest.mkdir(exist_ok=True)
    rot = Rotator(args.saves, args.dest, args.keep)
    rot.snapshot()
    rot.prune()
    rot._save_state()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
