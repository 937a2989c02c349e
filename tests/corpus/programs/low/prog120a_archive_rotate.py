#!/usr/bin/env python3
"""Rotate weather station archives in the project's archive folder.

Daily station readings land in ./archive/<station>/YYYY-MM-DD.csv. Files
older than the retention window are compressed in place to ``.csv.gz`` and
the uncompressed copies removed, keeping the folder small enough to sync to
the volunteers' laptops. An index of rotated files is kept in
./archive/ROTATED.json.
"""

import argparse
import gzip
import json
import logging
import os
import shutil
import sys
import time
from concurrent.futures import ThreadPoolExecutor, as_completed
from pathlib import Path

log = logging.getLogger("rotate")

ROTATABLE = {".csv", ".txt", ".json", ".log"}
SKIP_DIRS = {"__pycache__", ".git"}


class Rotator:
    def __init__(self, root, days, workers=4):
        self.root = Path(root)
        self.cutoff = time.time() - days * 86400
        self.workers = workers
        self.rotated = []

    def candidates(self):
        for dirpath, dirnames, filenames in os.walk(self.root):
            dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
            for name in filenames:
                p = Path(dirpath, name)
                if p.suffix.lower() in ROTATABLE and p.stat().st_mtime < self.cutoff:
                    yield p

    def rotate_one(self, path):
        target = path.with_name(path.name + ".gz")
        with path.open("rb") as src, gzip.open(target, "wb", compresslevel=9) as dst:
            shutil.copyfileobj(src, dst)
        st = path.stat()
        os.utime(target, (st.st_atime, st.st_mtime))
        path.unlink()
        return target

    def write_index(self):
        index = self.root / "ROTATED.json"
        existing = []
        if index.exists():
            try:
                existing = json.loads(index.read_text())
            except ValueError:
                log.warning("index unreadable, starting a new one")
        existing.extend(str(p.relative_to(self.root)) for p in self.rotated)
        index.write_text(json.dumps(sorted(set(existing)), indent=1))

    def run(self, dry_run=False):
        todo = list(self.candidates())
        if dry_run:
            for p in todo:
                log.info("would rotate %s", p)
            return len(todo)
        with ThreadPoolExecutor(max_workers=self.workers) as pool:
            futures = {pool.submit(self.rotate_one, p): p for p in todo}
            for fut in as_completed(futures):
                try:
                    self.rotated.append(fut.result())
                except OSError as exc:
                    log.warning("could not rotate %s: %s", futures[fut], exc)
        self.write_index()
        return len(self.rotated)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--root", default="archive", help="archive folder (relative to the project)")
    ap.add_argument("--days", type=int, default=30, help="retention window before compression")
    ap.add_argument("--workers", type=int, default=4)
    ap.add_argument("-n", "--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    root = Path(args.root)
    if root.is_absolute() or ".." in root.parts:
        log.error("archive root must be inside the project folder")
        return 2
    if not root.is_dir():
        log.error("archive folder %s not found", root)
        return 1
    count = Rotator(root, args.days, args.workers).run(dry_run=args.dry_run)
    log.info("%s %d files", "found" if args.dry_run else "rotated", count)
    return 0


if __name__ == "__main__":
    sys.exit(main())
