#!/usr/bin/env python3
"""Summarise sales CSV exports.

Groups rows by a chosen column (region, product, month) and prints totals,
averages and counts, optionally writing the summary as CSV. Pure Python,
no external processes.
"""
import argparse
import csv
import datetime
import logging
import sys
from collections import defaultdict
from decimal import Decimal, InvalidOperation

log = logging.getLogger("sales")


class Summary:
    def __init__(self):
        self.totals = defaultdict(Decimal)
        self.counts = defaultdict(int)
        self.bad_rows = 0

    def add(self, key, amount):
        self.totals[key] += amount
        self.counts[key] += 1

    def rows(self, sort_by):
        keys = sorted(self.totals, key=(lambda k: -self.totals[k]) if sort_by == "total" else None)
        for key in keys:
            avg = self.totals[key] / self.counts[key]
            yield key, self.counts[key], self.totals[key], avg.quantize(Decimal("0.01"))


def group_key(row, field):
    if field == "month":
        return datetime.date.fromisoformat(row["date"]).strftime("%Y-%m")
    return row[field]


def summarise(paths, field):
    summary = Summary()
    for path in paths:
        with open(path, newline="", encoding="utf-8") as fh:
            for lineno, row in enumerate(csv.DictReader(fh), start=2):
                try:
                    summary.add(group_key(row, field), Decimal(row["amount"]))
                except (KeyError, ValueError, InvalidOperation) as exc:
                    summary.bad_rows += 1
                    log.debug("%s:%d skipped (%s)", path, lineno, exc)
    return summary


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="+", help="CSV files with date, region, product, amount")
    parser.add_argument("--by", choices=["region", "product", "month"], default="region")
    parser.add_argument("--sort", choices=["key", "total"], default="total")
    parser.add_argument("--out", help="write summary CSV to this file")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(message)s")

    try:
        summary = summarise(args.files, args.by)
    except OSError as exc:
        log.error("cannot read input: %s", exc)
        return 1

    rows = list(summary.rows(args.sort))
    if args.out:
        with open(args.out, "w", newline="", encoding="utf-8") as fh:
            writer = csv.writer(fh)
            writer.writerow([args.by, "count", "total", "average"])
            writer.writerows(rows)
        log.info("wrote %d rows to %s", len(rows), args.out)
    else:
        for key, count, total, avg in rows:
            print("{:<20} {:>6} {:>14} {:>12}".format(key, count, total, avg))
    if summary.bad_rows:
        log.warning("%d malformed rows skipped", summary.bad_rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
