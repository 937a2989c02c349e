#!/usr/bin/env python3
"""Monthly payroll summary for instructors.

Builds a per-instructor summary (lessons, hours, mileage) from the lesson
log in the working directory.  Parsed logs are cached by content hash so
reruns are quick; the cache can be cleared with --clean.
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

log = logging.getLogger("payroll-summary")

CACHE_DIR = ".payroll_cache"
MILEAGE_RATE = 0.45


def cache_key(path):
    # only used to name cache entries, not for anything security related
    h = hashlib.md5()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(65536), b""):
            h.update(block)
    return h.hexdigest()


def parse_log(path):
    key = cache_key(path)
    cached = os.path.join(CACHE_DIR, key + ".json")
    if os.path.exists(cached):
        with open(cached, encoding="utf-8") as fh:
            return json.load(fh)
    rows = []
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            rows.append({"instructor": row["instructor"],
                         "hours": float(row["hours"]),
                         "miles": float(row.get("miles") or 0)})
    os.makedirs(CACHE_DIR, exist_ok=True)
    with open(cached, "w", encoding="utf-8") as fh:
        json.dump(rows, fh)
    return rows


class Summary:
    def __init__(self):
        self.data = defaultdict(lambda: {"lessons": 0, "hours": 0.0, "miles": 0.0})

    def add(self, row):
        d = self.data[row["instructor"]]
        d["lessons"] += 1
        d["hours"] += row["hours"]
        d["miles"] += row["miles"]

    def rows(self):
        for name in sorted(self.data):
            d = self.data[name]
            yield [name, d["lessons"], f"{d['hours']:.1f}", f"{d['miles']:.0f}",
                   f"{d['miles'] * MILEAGE_RATE:.2f}"]


def write_atomically(path, rows):
    """Write via a temp file in the same directory, then rename."""
    directory = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(prefix=".summary-", dir=directory)
    try:
        with os.fdopen(fd, "w", newline="", encoding="utf-8") as fh:
            w = csv.writer(fh)
            w.writerow(["instructor", "lessons", "hours", "miles", "mileage_pay"])
            w.writerows(rows)
        os.chmod(tmp, 0o600)
        os.replace(tmp, path)
    except OSError:
        if os.path.exists(tmp):
            os.remove(tmp)
        raise


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("logfile", nargs="?", default="lesson_log.csv")
    ap.add_argument("--out", default="payroll_summary.csv")
    ap.add_argument("--clean", action="store_true", help="remove the parse cache")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.clean:
        shutil.rmtree(CACHE_DIR, ignore_errors=True)
        log.info("cache cleared")
        return 0
    if not os.path.exists(args.logfile):
        log.error("no lesson log at %s", args.logfile)
        return 1

    summary = Summary()
    for row in parse_log(args.logfile):
        summary.add(row)
    write_atomically(args.out, summary.rows())
    log.info("summary for %d instructors written to %s", len(summary.data), args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
