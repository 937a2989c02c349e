#!/usr/bin/env python3
"""Compact a month of fridge logger exports into one audit file.

The USB loggers produce one CSV per download. For the monthly cold-chain
audit we want a single tidy file per fridge, with duplicates removed. The
parsed exports are cached (keyed by file content) so re-runs are quick,
and the cache can be cleared when the month is signed off.
"""
import argparse
import csv
import hashlib
import json
import logging
import os
import shutil
import sys
import tempfile
from collections import defaultdict
from pathlib import Path

LOG = logging.getLogger("fridge-compact")

CACHE_DIR = Path(".compact_cache")
OUT_DIR = Path("audit")
FIELDS = ("fridge", "timestamp", "temp_c")


def cache_key(path):
    # content hash only used to spot unchanged exports between runs
    return hashlib.md5(path.read_bytes()).hexdigest()


def parse_export(path):
    key = cache_key(path)
    cached = CACHE_DIR / f"{key}.json"
    if cached.exists():
        return json.loads(cached.read_text())
    rows = []
    with path.open(newline="") as fh:
        for row in csv.DictReader(fh):
            try:
                rows.append([row["fridge"], row["timestamp"], float(row["temp_c"])])
            except (KeyError, ValueError):
                LOG.debug("bad row in %s", path.name)
    CACHE_DIR.mkdir(exist_ok=True)
    cached.write_text(json.dumps(rows))
    return rows


def write_atomic(target, rows):
    """Write via a temp file in the same folder, then swap it into place."""
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=".compact-", suffix=".csv", dir=target.parent)
    try:
        with os.fdopen(fd, "w", newline="") as fh:
            w = csv.writer(fh)
            w.writerow(FIELDS)
            w.writerows(rows)
        os.chmod(tmp, 0o600)  # audit files contain site details, keep private
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


class Compactor:
    def __init__(self, month):
        self.month = month
        self.by_fridge = defaultdict(dict)

    def add(self, rows):
        for fridge, ts, temp in rows:
            if ts.startswith(self.month):
                self.by_fridge[fridge][ts] = temp  # later downloads win

    def write(self):
        written = []
        for fridge, readings in sorted(self.by_fridge.items()):
            target = OUT_DIR / self.month / f"{fridge}.csv"
            write_atomic(target, [(fridge, ts, readings[ts]) for ts in sorted(readings)])
            written.append((target, len(readings)))
        return written


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("month", help="YYYY-MM")
    ap.add_argument("exports", nargs="*", type=Path, default=None)
    ap.add_argument("--clear-cache", action="store_true", help="remove the parse cache after writing")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    exports = args.exports or sorted(Path("logger_exports").glob("*.csv"))
    if not exports:
        LOG.error("no exports to compact")
        return 1

    comp = Compactor(args.month)
    for path in exports:
        try:
            comp.add(parse_export(path))
        except OSError as exc:
            LOG.warning("could not read %s: %s", path, exc)
    for target, n in comp.write():
        LOG.info("%s: %d readings", target, n)

    if args.clear_cache and CACHE_DIR.is_dir():
        shutil.rmtree(CACHE_DIR)
        LOG.info("parse cache cleared")
    return 0


if __name__ == "__main__":
    sys.exit(main())
