#!/usr/bin/env python3
"""Summarises the day's counter sales (exported from the till as CSV) into
a per-species report, caching parsed exports so re-runs are quick.
"""
import argparse
import csv
import hashlib
import json
import logging
import os
from collections import defaultdict

LOG = logging.getLogger("sales_summary")

CACHE_DIR = ".sales_cache"


class ExportCache:
    def __init__(self, directory):
        self.directory = directory
        os.makedirs(directory, exist_ok=True)

    def _key(self, path):
        h = hashlib.md5()
        with open(path, "rb") as fh:
            for chunk in iter(lambda: fh.read(65536), b""):
                h.update(chunk)
        return os.path.join(self.directory, h.hexdigest() + ".json")

    def load(self, path):
        key = self._key(path)
        if os.path.exists(key):
            with open(key) as fh:
                return json.load(fh), key
        return None, key

    def store(self, key, rows):
        with open(key, "w") as fh:
            json.dump(rows, fh)
        os.chmod(key, 0o600)


def parse_export(path):
    rows = []
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            try:
                rows.append({"species": row["item"].split(" ")[0].lower(),
                             "kg": float(row["weight_kg"]),
                             "total": float(row["line_total"])})
            except (KeyError, ValueError, IndexError):
                LOG.debug("skipped line %r", row)
    return rows


def summarise(rows):
    agg = defaultdict(lambda: {"kg": 0.0, "total": 0.0, "lines": 0})
    for r in rows:
        a = agg[r["species"]]
        a["kg"] += r["kg"]
        a["total"] += r["total"]
        a["lines"] += 1
    return agg


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("export", help="till export CSV")
    ap.add_argument("--out", default="sales_summary.txt")
    ap.add_argument("--no-cache", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    cache = ExportCache(CACHE_DIR)
    rows, key = (None, None) if args.no_cache else cache.load(args.export)
    if rows is None:
        rows = parse_export(args.export)
        if not args.no_cache:
            cache.store(key, rows)
    else:
        LOG.info("using cached parse")

    agg = summarise(rows)
    grand = sum(a["total"] for a in agg.values())
    with open(args.out, "w") as fh:
        fh.write(f"{'species':<12}{'kg':>10}{'sales':>12}{'lines':>8}\n")
        for species, a in sorted(agg.items(), key=lambda kv: -kv[1]["total"]):
            fh.write(f"{species:<12}{a['kg']:>10.2f}{a['total']:>12.2f}{a['lines']:>8}\n")
        fh.write(f"{'TOTAL':<12}{'':>10}{grand:>12.2f}\n")
    LOG.info("summary written to %s (%d species)", args.out, len(agg))


if __name__ == "__main__":
    main()
