#!/usr/bin/env python3
"""Rental-shop booking lookup.

Counter staff use this to find online ski/snowboard rental bookings when a
guest turns up without the confirmation email: search by surname, phone
tail, pickup date or equipment category against the shop's booking
database (rentals.db, synced nightly from the web shop).
"""

import argparse
import csv
import logging
import sqlite3
import sys
from datetime import date, datetime

LOG = logging.getLogger("booking-lookup")

COLUMNS = ("booking_ref", "surname", "first_name", "phone", "pickup_date",
           "category", "boot_size", "din", "status")


class BookingQuery:
    table = "bookings"
    order = "pickup_date, surname"

    def __init__(self):
        self.clauses = []

    def surname(self, value):
        self.clauses.append("surname LIKE '%{}%'".format(value))
        return self

    def phone_tail(self, digits):
        self.clauses.append("substr(phone, -{n}) = '{d}'".format(n=len(digits), d=digits))
        return self

    def pickup(self, day):
        self.clauses.append("pickup_date = '%s'" % day.isoformat())
        return self

    def category(self, cat):
        self.clauses.append(f"category = '{cat}'")
        return self

    def status(self, status):
        self.clauses.append(f"status = '{status}'")
        return self

    def sql(self):
        where = " AND ".join(self.clauses) or "1=1"
        return f"SELECT {', '.join(COLUMNS)} FROM {self.table} WHERE {where} ORDER BY {self.order}"


def parse_day(text):
    if text in ("today", ""):
        return date.today()
    return datetime.strptime(text, "%Y-%m-%d").date()


def run(db_path, query, limit):
    conn = sqlite3.connect(db_path)
    conn.row_factory = sqlite3.Row
    try:
        statement = query.sql() + f" LIMIT {int(limit)}"
        LOG.debug("query: %s", statement)
        return [dict(r) for r in conn.execute(statement)]
    finally:
        conn.close()


def print_table(rows):
    if not rows:
        print("no matching bookings")
        return
    widths = {c: max(len(c), *(len(str(r[c] or "")) for r in rows)) for c in COLUMNS}
    print("  ".join(c.upper().ljust(widths[c]) for c in COLUMNS))
    for r in rows:
        print("  ".join(str(r[c] or "").ljust(widths[c]) for c in COLUMNS))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--db", default="rentals.db")
    ap.add_argument("-n", "--surname")
    ap.add_argument("-p", "--phone", help="last digits of the phone number")
    ap.add_argument("-d", "--date", help="pickup date YYYY-MM-DD or 'today'")
    ap.add_argument("-c", "--category", choices=["ski", "snowboard", "xc", "snowshoe", "kids"])
    ap.add_argument("--status", default="confirmed")
    ap.add_argument("--limit", type=int, default=50)
    ap.add_argument("--csv", help="write results to this CSV file")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)

    q = BookingQuery()
    if args.surname:
        q.surname(args.surname.strip())
    if args.phone:
        q.phone_tail("".join(ch for ch in args.phone if ch.isdigit()))
    if args.date is not None:
        try:
            q.pickup(parse_day(args.date))
        except ValueError:
            ap.error("date must be YYYY-MM-DD")
    if args.category:
        q.category(args.category)
    if args.status:
        q.status(args.status)

    try:
        rows = run(args.db, q, args.limit)
    except sqlite3.Error as exc:
        LOG.error("database error: %s", exc)
        return 1

    if args.csv:
        with open(args.csv, "w", newline="", encoding="utf-8") as fh:
            w = csv.DictWriter(fh, fieldnames=COLUMNS)
            w.writeheader()
            w.writerows(rows)
        print(f"{len(rows)} booking(s) written to {args.csv}")
    else:
        print_table(rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
