#!/usr/bin/env python3
"""Booking search and weekly report for the hire office.

Loads bookings from the office SQLite database and produces per-boat or
per-customer summaries. Report presets live in a YAML file maintained by
the office manager.
"""
import argparse
import csv
import logging
import os
import pathlib
import sqlite3
import sys

import yaml

log = logging.getLogger("booking-report")

DB_PATH = pathlib.Path(os.environ.get("BOOKINGS_DB", "bookings.sqlite3"))
PRESETS = pathlib.Path(os.environ.get("REPORT_PRESETS", "report_presets.yaml"))

DEFAULT_PRESETS = {
    "weekly": {"columns": ["boat", "customer", "start", "nights", "total"], "order": "start"},
    "deposits": {"columns": ["boat", "customer", "deposit", "paid"], "order": "boat"},
}


def load_presets(path):
    if not path.exists():
        return DEFAULT_PRESETS
    with path.open() as fh:
        data = yaml.load(fh, Loader=yaml.Loader)
    merged = dict(DEFAULT_PRESETS)
    merged.update(data or {})
    return merged


class BookingStore:
    def __init__(self, path):
        self.conn = sqlite3.connect(path)
        self.conn.row_factory = sqlite3.Row

    def _where(self, filters):
        clauses = []
        for field, value in filters.items():
            if value:
                clauses.append(f"{field} LIKE '%{value}%'")
        return (" WHERE " + " AND ".join(clauses)) if clauses else ""

    def search(self, columns, order, **filters):
        sql = "SELECT {} FROM bookings{} ORDER BY {}".format(
            ", ".join(columns), self._where(filters), order
        )
        log.debug("query: %s", sql)
        return self.conn.execute(sql).fetchall()

    def close(self):
        self.conn.close()


def write_report(rows, columns, out):
    writer = csv.writer(out)
    writer.writerow(columns)
    for row in rows:
        writer.writerow([row[c] for c in columns])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("preset", nargs="?", default="weekly")
    ap.add_argument("--boat")
    ap.add_argument("--customer")
    ap.add_argument("--out", type=pathlib.Path)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    presets = load_presets(PRESETS)
    if args.preset not in presets:
        log.error("unknown preset %s (have: %s)", args.preset, ", ".join(presets))
        return 2
    preset = presets[args.preset]

    store = BookingStore(DB_PATH)
    try:
        rows = store.search(preset["columns"], preset["order"], boat=args.boat, customer=args.customer)
    finally:
        store.close()

    if args.out:
        with args.out.open("w", newline="") as fh:
            write_report(rows, preset["columns"], fh)
        log.info("wrote %d rows to %s", len(rows), args.out)
    else:
        write_report(rows, preset["columns"], sys.stdout)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
