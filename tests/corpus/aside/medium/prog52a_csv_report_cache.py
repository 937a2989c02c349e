#!/usr/bin/env python3
"""Merge monthly CSV exports and print a per-customer revenue report.

Parsing large exports is slow, so each parsed file is cached next to the data
in .csvcache/ and reused while the source file's mtime is unchanged.
"""
import argparse
import csv
import logging
import pickle
import sys
from collections import defaultdict
from decimal import Decimal, InvalidOperation
from pathlib import Path

log = logging.getLogger("csvreport")
CACHE_DIR = Path(".csvcache")


class ParsedExport:
    def __init__(self, source, mtime, rows):
        self.source = source
        self.mtime = mtime
        self.rows = rows


class ExportCache:
    """Stores ParsedExport objects as pickles keyed by file name."""

    def __init__(self, directory):
        self.directory = directory
        self.directory.mkdir(exist_ok=True)

    def _slot(self, src):
        return self.directory / (src.name + ".pkl")

    def get(self, src):
        slot = self._slot(src)
        if not slot.exists():
            return None
        with slot.open("rb") as fh:
            cached = pickle.load(fh)
        if cached.mtime != src.stat().st_mtime:
            log.debug("stale cache for %s", src)
            return None
        return cached

    def put(self, parsed):
        with self._slot(Path(parsed.source)).open("wb") as fh:
            pickle.dump(parsed, fh, protocol=pickle.HIGHEST_PROTOCOL)


def parse_amount(raw):
    cleaned = raw.replace(",", "").replace("$", "").strip() or "0"
    try:
        return Decimal(cleaned)
    except InvalidOperation:
        return Decimal(0)


def parse_export(src):
    rows = []
    with src.open(newline="", encoding="utf-8-sig") as fh:
        for rec in csv.DictReader(fh):
            rows.append((rec.get("customer", "").strip(), parse_amount(rec.get("amount", ""))))
    return ParsedExport(str(src), src.stat().st_mtime, rows)


def load_all(paths, cache):
    for src in paths:
        parsed = cache.get(src)
        if parsed is None:
            log.info("parsing %s", src)
            parsed = parse_export(src)
            cache.put(parsed)
        yield parsed


def build_report(exports):
    totals = defaultdict(Decimal)
    counts = defaultdict(int)
    for exp in exports:
        for customer, amount in exp.rows:
            totals[customer] += amount
            counts[customer] += 1
    return sorted(((c, counts[c], t) for c, t in totals.items()), key=lambda r: -r[2])


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("exports", nargs="+", type=Path)
    ap.add_argument("--top", type=int, default=20)
    ap.add_argument("--csv-out", type=Path)
    ap.add_argument("--no-cache", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if args.no_cache:
        exports = (parse_export(p) for p in args.exports)
    else:
        exports = load_all(args.exports, ExportCache(CACHE_DIR))
    report = build_report(exports)

    for customer, n, total in report[: args.top]:
        print(f"{customer:<30} {n:>6} {total:>14,.2f}")
    if args.csv_out:
        with args.csv_out.open("w", newline="") as fh:
            w = csv.writer(fh)
            w.writerow(["customer", "orders", "revenue"])
            w.writerows(report)
        log.info("report written to %s", args.csv_out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
