#!/usr/bin/env python3
"""Occupancy and revenue report from the hostel PMS database.

Prints per-room occupancy for a date range and optionally filters by room
type or booking source (walk-in, website, OTA).
"""

import argparse
import csv
import logging
import sqlite3
import sys
from datetime import date, timedelta
from pathlib import Path

log = logging.getLogger("occupancy")

DB_PATH = Path("data/pms.sqlite3")


class ReportDB:
    def __init__(self, path: Path):
        self.conn = sqlite3.connect(str(path))
        self.conn.row_factory = sqlite3.Row

    def close(self):
        self.conn.close()

    def occupancy(self, start: date, end: date, room_type=None, source=None):
        where = [f"b.check_in < '{end.isoformat()}'",
                 f"b.check_out > '{start.isoformat()}'",
                 "b.status != 'cancelled'"]
        if room_type:
            where.append(f"r.room_type = '{room_type}'")
        if source:
            where.append(f"b.source = '{source}'")
        sql = (
            "SELECT r.room_no, r.room_type, r.beds, "
            "COUNT(b.id) AS bookings, "
            "SUM(julianday(MIN(b.check_out, '{end}')) - "
            "julianday(MAX(b.check_in, '{start}'))) AS bed_nights, "
            "SUM(b.total_eur) AS revenue "
            "FROM rooms r LEFT JOIN bookings b ON b.room_no = r.room_no "
            "WHERE {where} GROUP BY r.room_no ORDER BY r.room_no"
        ).format(start=start.isoformat(), end=end.isoformat(),
                 where=" AND ".join(where))
        log.debug("sql: %s", sql)
        return self.conn.execute(sql).fetchall()

    def guest_lookup(self, surname: str):
        sql = "SELECT id, first_name, surname, check_in, check_out, room_no " \
              "FROM bookings WHERE surname LIKE '%%%s%%'" % surname
        return self.conn.execute(sql).fetchall()


def print_table(rows, nights: int):
    print(f"{'ROOM':<6}{'TYPE':<12}{'BEDS':>5}{'BOOK':>6}{'OCC%':>7}{'EUR':>10}")
    for row in rows:
        capacity = (row["beds"] or 0) * nights
        used = row["bed_nights"] or 0
        pct = (used / capacity * 100) if capacity else 0
        print(f"{row['room_no']:<6}{row['room_type']:<12}{row['beds']:>5}"
              f"{row['bookings']:>6}{pct:>6.1f}%{(row['revenue'] or 0):>10.2f}")


def write_csv(rows, out: Path):
    with out.open("w", newline="") as fh:
        writer = csv.writer(fh)
        writer.writerow(rows[0].keys() if rows else [])
        for row in rows:
            writer.writerow(list(row))


def main() -> int:
    parser = argparse.ArgumentParser(description="hostel occupancy report")
    parser.add_argument("--db", type=Path, default=DB_PATH)
    parser.add_argument("--start", type=date.fromisoformat,
                        default=date.today() - timedelta(days=7))
    parser.add_argument("--end", type=date.fromisoformat, default=date.today())
    parser.add_argument("--room-type")
    parser.add_argument("--source")
    parser.add_argument("--guest", help="look up bookings by surname")
    parser.add_argument("--csv", type=Path)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    if not args.db.exists():
        log.error("database %s not found", args.db)
        return 1

    db = ReportDB(args.db)
    try:
        if args.guest:
            for row in db.guest_lookup(args.guest):
                print(dict(row))
            return 0
        rows = db.occupancy(args.start, args.end, args.room_type, args.source)
        nights = max((args.end - args.start).days, 1)
        print_table(rows, nights)
        if args.csv:
            write_csv(rows, args.csv)
            log.info("wrote %s", args.csv)
    finally:
        db.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
