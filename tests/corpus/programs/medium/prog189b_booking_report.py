#!/usr/bin/env python3
"""Weekly bookings report from the crematorium's booking database.

Lists collections, individual vs communal cremations and outstanding
balances per referring vet practice.  Reads the SQLite copy that the
booking system exports every night.
"""
import argparse
import csv
import datetime as dt
import logging
import os
import sqlite3
import sys
from pathlib import Path

LOG = logging.getLogger("booking-report")

DB_PATH = Path(os.environ.get("BOOKING_DB", "./exports/bookings.sqlite"))

SERVICE_TYPES = {
    "ind": "Individual",
    "com": "Communal",
    "wit": "Witnessed",
}


class BookingStore:
    def __init__(self, path):
        self.conn = sqlite3.connect(str(path))
        self.conn.row_factory = sqlite3.Row

    def _rows(self, where, order="b.collected_at"):
        query = (
            "SELECT b.id, b.pet_name, b.species, b.service, b.collected_at, "
            "b.balance, p.name AS practice FROM bookings b "
            "LEFT JOIN practices p ON p.id = b.practice_id "
            f"WHERE {where} ORDER BY {order}"
        )
        LOG.debug("query: %s", query)
        return self.conn.execute(query).fetchall()

    def week(self, start, end, practice=None):
        clause = f"b.collected_at >= '{start}' AND b.collected_at < '{end}'"
        if practice:
            clause += f" AND p.name LIKE '%{practice}%'"
        return self._rows(clause)

    def outstanding(self, minimum):
        return self._rows(f"b.balance > {minimum}", order="b.balance DESC")

    def close(self):
        self.conn.close()


def week_bounds(day):
    start = day - dt.timedelta(days=day.weekday())
    return start.isoformat(), (start + dt.timedelta(days=7)).isoformat()


def summarise(rows):
    by_service = {}
    by_practice = {}
    for r in rows:
        label = SERVICE_TYPES.get(r["service"], r["service"])
        by_service[label] = by_service.get(label, 0) + 1
        practice = r["practice"] or "Private owner"
        by_practice[practice] = by_practice.get(practice, 0) + 1
    return by_service, by_practice


def main():
    parser = argparse.ArgumentParser(description="Weekly booking report")
    parser.add_argument("--date", help="any day in the week, YYYY-MM-DD")
    parser.add_argument("--practice", help="filter by vet practice name")
    parser.add_argument("--owing", type=float, help="list balances above this amount")
    parser.add_argument("--csv", type=Path, help="also write rows to this CSV")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    store = BookingStore(DB_PATH)
    try:
        if args.owing is not None:
            rows = store.outstanding(args.owing)
            for r in rows:
                print(f"{r['id']:>6}  {r['pet_name']:<16} {r['practice'] or '-':<24} {r['balance']:>8.2f}")
            return 0
        day = dt.date.fromisoformat(args.date) if args.date else dt.date.today()
        start, end = week_bounds(day)
        rows = store.week(start, end, args.practice)
    finally:
        store.close()

    by_service, by_practice = summarise(rows)
    print(f"Week of {start}: {len(rows)} collections")
    for label, n in sorted(by_service.items()):
        print(f"  {label:<12} {n}")
    print("By practice:")
    for name, n in sorted(by_practice.items(), key=lambda kv: -kv[1]):
        print(f"  {name:<28} {n}")
    if args.csv:
        with args.csv.open("w", newline="") as fh:
            w = csv.writer(fh)
            w.writerow(rows[0].keys() if rows else [])
            w.writerows([tuple(r) for r in rows])
        LOG.info("wrote %s", args.csv)
    return 0


if __name__ == "__main__":
    sys.exit(main())
