#!/usr/bin/env python3
"""Tyre specification cache for the fitment checker.

Parses the manufacturers' spec sheets (CSV files in ./specs) into a lookup
of size -> allowed load/speed ratings and keeps it in a pickle cache so the
bay tablets start quickly. The cache is rebuilt when any sheet is newer.
"""
import argparse
import csv
import logging
import os
import pickle
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

LOG = logging.getLogger("spec_cache")

FIND_NEWER_SH = """
if [ -f "$CACHE" ]; then
    find "$SPEC_DIR" -name '*.csv' -newer "$CACHE" -print
else
    find "$SPEC_DIR" -name '*.csv' -print
fi
"""


class SpecCache:
    def __init__(self, spec_dir, cache_path):
        self.spec_dir = Path(spec_dir)
        self.cache_path = Path(cache_path)
        self.table = {}

    def stale_sheets(self):
        env = dict(os.environ, SPEC_DIR=str(self.spec_dir), CACHE=str(self.cache_path))
        proc = subprocess.run(["sh", "-c", FIND_NEWER_SH], env=env,
                              capture_output=True, text=True)
        if proc.returncode != 0:
            raise RuntimeError(proc.stderr.strip())
        return [line for line in proc.stdout.splitlines() if line]

    def parse_sheet(self, path, table):
        with open(path, newline="", encoding="utf-8") as fh:
            for row in csv.DictReader(fh):
                size = row.get("size", "").strip().upper()
                if not size:
                    continue
                table[size].add((row.get("load_index", "").strip(),
                                 row.get("speed_rating", "").strip().upper(),
                                 row.get("brand", "").strip()))

    def rebuild(self):
        table = defaultdict(set)
        sheets = sorted(self.spec_dir.glob("*.csv"))
        for sheet in sheets:
            try:
                self.parse_sheet(sheet, table)
            except (OSError, csv.Error) as exc:
                LOG.warning("skipping %s: %s", sheet.name, exc)
        self.table = dict(table)
        with self.cache_path.open("wb") as fh:
            pickle.dump(self.table, fh)
        LOG.info("cache rebuilt from %d sheets, %d sizes", len(sheets), len(self.table))

    def load(self):
        with self.cache_path.open("rb") as fh:
            self.table = pickle.load(fh)
        LOG.info("cache loaded, %d sizes", len(self.table))

    def ensure(self, force=False):
        if force or not self.cache_path.exists() or self.stale_sheets():
            self.rebuild()
        else:
            self.load()

    def check(self, size, load, speed):
        options = self.table.get(size.upper(), set())
        return [o for o in options if o[0] >= load and o[1] >= speed.upper()]


def main():
    ap = argparse.ArgumentParser(description="Tyre spec cache and fitment check")
    ap.add_argument("--specs", default="specs")
    ap.add_argument("--cache", default="spec_cache.pkl")
    ap.add_argument("--rebuild", action="store_true")
    ap.add_argument("--size", help="e.g. 205/55R16")
    ap.add_argument("--load", default="0", help="minimum load index")
    ap.add_argument("--speed", default="A", help="minimum speed rating")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not Path(args.specs).is_dir():
        LOG.error("spec directory %s missing", args.specs)
        return 1
    cache = SpecCache(args.specs, args.cache)
    try:
        cache.ensure(force=args.rebuild)
    except (RuntimeError, OSError, pickle.UnpicklingError) as exc:
        LOG.error("cache problem: %s", exc)
        return 1

    if args.size:
        matches = cache.check(args.size, args.load, args.speed)
        if not matches:
            print(f"no approved fitment for {args.size} (load>={args.load}, speed>={args.speed})")
            return 3
        for load, speed, brand in sorted(matches):
            print(f"{args.size}  {load}{speed}  {brand}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
