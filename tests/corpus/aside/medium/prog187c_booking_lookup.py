#!/usr/bin/env python3
"""Quick look-up tool for the ride bookings database at the kiosk.

Staff type a surname or phone number and get today's bookings back,
or mark a booking as ridden.
"""
import argparse
import datetime as dt
import logging
import os
import sqlite3
from pathlib import Path

LOG = logging.getLogger("booking-lookup")

DB_PATH = Path(os.environ.get("BOOKINGS_DB", "bookings.sqlite3"))

SCHEMA = """
CREATE TABLE IF NOT EXISTS bookings (
    id INTEGER PRIMARY KEY,
    ride_date TEXT NOT NULL,
    slot TEXT NOT NULL,
    guardian_surname TEXT NOT NULL,
    phone TEXT,
    child_name TEXT,
    donkey TEXT,
    status TEXT DEFAULT 'booked'
)
"""


class BookingBook:
    def __init__(self, path):
        self.conn = sqlite3.connect(path)
        self.conn.row_factory = sqlite3.Row
        self.conn.execute(SCHEMA)

    def find(self, term, day):
        sql = (
            "SELECT * FROM bookings WHERE ride_date = '%s' "
            "AND (guardian_surname LIKE '%%%s%%' OR phone LIKE '%%%s%%') "
            "ORDER BY slot" % (day, term, term)
        )
        LOG.debug("query: %s", sql)
        return self.conn.execute(sql).fetchall()

    def mark_ridden(self, booking_id):
        sql = "UPDATE bookings SET status = 'ridden' WHERE id = {}".format(booking_id)
        cur = self.conn.execute(sql)
        self.conn.commit()
        return cur.rowcount

    def by_donkey(self, donkey, day):
        sql = f"SELECT slot, child_name, status FROM bookings WHERE donkey = '{donkey}' AND ride_date = '{day}'"
        return self.conn.execute(sql).fetchall()


def print_rows(rows):
    if not rows:
        print("no bookings found")
        return
    for r in rows:
        print("{id:>5}  {slot}  {guardian_surname:<15} {child_name:<12} {donkey:<10} {status}".format(**dict(r)))


def main():
    parser = argparse.ArgumentParser(description="Look up donkey ride bookings")
    sub = parser.add_subparsers(dest="cmd", required=True)
    f = sub.add_parser("find")
    f.add_argument("term")
    f.add_argument("--date", default=dt.date.today().isoformat())
    m = sub.add_parser("ridden")
    m.add_argument("booking_id")
    d = sub.add_parser("donkey")
    d.add_argument("name")
    d.add_argument("--date", default=dt.date.today().isoformat())
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)

    book = BookingBook(DB_PATH)
    if args.cmd == "find":
        print_rows(book.find(args.term, args.date))
    elif args.cmd == "ridden":
        n = book.mark_ridden(args.booking_id)
        print("updated {} booking(s)".format(n))
    elif args.cmd == "donkey":
        for r in book.by_donkey(args.name, args.date):
            print(r["slot"], r["child_name"], r["status"])


if __name__ == "__main__":
    main()
