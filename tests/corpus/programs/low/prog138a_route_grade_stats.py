#!/usr/bin/env python3
"""Grade-spread statistics for the route-setting team.

Reads the route export (CSV from the setting database) and reports how many
routes sit in each grade band per wall, so the head setter can spot gaps
before the next reset. Parsed exports are cached by content hash so repeated
runs over the same export are instant.
"""
import argparse
import csv
import hashlib
import json
import logging
import os
import shutil
import sys
from collections import Counter, defaultdict

log = logging.getLogger("grade-stats")

CACHE_DIR = ".grade_cache"
BANDS = [("V0-V1", {"V0", "V1"}), ("V2-V3", {"V2", "V3"}),
         ("V4-V5", {"V4", "V5"}), ("V6+", {"V6", "V7", "V8", "V9", "V10"})]


def cache_key(path):
    """MD5 of the file contents; only used to name cache entries."""
    h = hashlib.md5()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(65536), b""):
            h.update(block)
    return h.hexdigest()


class Cache:
    def __init__(self, root=CACHE_DIR):
        self.root = root
        os.makedirs(root, exist_ok=True)

    def get(self, key):
        p = os.path.join(self.root, key + ".json")
        if os.path.exists(p):
            with open(p) as fh:
                return json.load(fh)
        return None

    def put(self, key, value):
        p = os.path.join(self.root, key + ".json")
        tmp = p + ".part"
        with open(tmp, "w") as fh:
            json.dump(value, fh)
        os.chmod(tmp, 0o600)
        os.replace(tmp, p)

    def clear(self):
        shutil.rmtree(self.root, ignore_errors=True)


def band_of(grade):
    g = grade.strip().upper()
    for name, members in BANDS:
        if g in members:
            return name
    return "other"


def parse_export(path):
    per_wall = defaultdict(Counter)
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            if row.get("stripped", "0") == "1":
                continue
            per_wall[row.get("wall", "?")][band_of(row.get("grade", ""))] += 1
    return {w: dict(c) for w, c in per_wall.items()}


def render(stats):
    names = [b for b, _ in BANDS] + ["other"]
    print(f"{'wall':<16}" + "".join(f"{n:>8}" for n in names))
    for wall in sorted(stats):
        counts = stats[wall]
        print(f"{wall:<16}" + "".join(f"{counts.get(n, 0):>8}" for n in names))
        missing = [n for n in names[:-1] if not counts.get(n)]
        if missing:
            print(f"{'':<16}  gap: {', '.join(missing)}")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("export", nargs="?", default="routes_export.csv")
    ap.add_argument("--no-cache", action="store_true")
    ap.add_argument("--clear-cache", action="store_true",
                    help="remove the local cache folder and exit")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    cache = Cache()
    if args.clear_cache:
        cache.clear()
        log.info("cache cleared")
        return 0
    if not os.path.exists(args.export):
        log.error("export not found: %s", args.export)
        return 1

    key = cache_key(args.export)
    stats = None if args.no_cache else cache.get(key)
    if stats is None:
        stats = parse_export(args.export)
        cache.put(key, stats)
    else:
        log.info("using cached stats (%s)", key[:8])

    if args.json:
        json.dump(stats, sys.stdout, indent=2)
        print()
    else:
        render(stats)
    return 0


if __name__ == "__main__":
    sys.exit(main())
