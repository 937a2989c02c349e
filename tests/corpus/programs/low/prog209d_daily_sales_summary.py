#!/usr/bin/env python3
"""Summarise a kiosk's daily ticket sales export.

Reads the CSV exports in the working directory and writes a JSON summary
per fare class and sailing for the pier supervisor.
"""
import argparse
import csv
import json
import logging
import os
import sys
from collections import defaultdict
from dataclasses import dataclass, field, asdict
from decimal import Decimal, InvalidOperation
from pathlib import Path

log = logging.getLogger("sales-summary")


@dataclass
class Summary:
    tickets: int = 0
    revenue: str = "0.00"
    by_class: dict = field(default_factory=dict)
    by_sailing: dict = field(default_factory=dict)
    rejected_rows: int = 0


def group_sum(rows, key):
    totals = defaultdict(Decimal)
    for row in rows:
        totals[row[key]] += row["amount"]
    return {k: str(v.quantize(Decimal("0.01"))) for k, v in sorted(totals.items())}


AGGREGATORS = {
    "by_class": lambda rows: group_sum(rows, "fare_class"),
    "by_sailing": lambda rows: group_sum(rows, "sailing"),
}


def read_rows(paths):
    good, bad = [], 0
    for path in paths:
        with open(path, newline="", encoding="utf-8") as fh:
            for raw in csv.DictReader(fh):
                try:
                    raw["amount"] = Decimal(raw["amount"])
                    good.append(raw)
                except (KeyError, InvalidOperation):
                    bad += 1
    return good, bad


def summarise(rows, rejected):
    s = Summary(tickets=len(rows), rejected_rows=rejected)
    s.revenue = str(sum((r["amount"] for r in rows), Decimal("0")).quantize(Decimal("0.01")))
    for name, fn in AGGREGATORS.items():
        setattr(s, name, fn(rows))
    return s


def write_report(summary, out):
    out = Path(out)
    out.write_text(json.dumps(asdict(summary), indent=2))
    os.chmod(out, 0o600)
    return out


def main():
    parser = argparse.ArgumentParser(description="Daily sales summary")
    parser.add_argument("pattern", nargs="?", default="sales_*.csv")
    parser.add_argument("--out", default="sales_summary.json")
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    files = sorted(Path(".").glob(args.pattern))
    if not files:
        log.error("no files match %s", args.pattern)
        return 1
    try:
        rows, rejected = read_rows(files)
    except OSError as exc:
        log.error("read failed: %s", exc)
        return 1

    summary = summarise(rows, rejected)
    path = write_report(summary, args.out)
    log.info("%d tickets, revenue %s, %d rejected -> %s",
             summary.tickets, summary.revenue, summary.rejected_rows, path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
