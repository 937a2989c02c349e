#!/usr/bin/env python3
"""Small booking book for chapel and graveside services.

Keeps the week's services in a SQLite file so the front desk can see which
chapel, celebrant and hearse are free before confirming a time with a family.
"""
import argparse
import logging
import sqlite3
import sys
from datetime import datetime, timedelta
from pathlib import Path

LOG = logging.getLogger("bookings")

DB_PATH = Path("bookings.sqlite3")

SCHEMA = """
CREATE TABLE IF NOT EXISTS services (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    family TEXT NOT NULL,
    deceased TEXT NOT NULL,
    venue TEXT NOT NULL,
    celebrant TEXT,
    starts_at TEXT NOT NULL,
    minutes INTEGER NOT NULL DEFAULT 45,
    notes TEXT
);
"""


class BookingBook:
    def __init__(self, path):
        self.conn = sqlite3.connect(str(path))
        self.conn.row_factory = sqlite3.Row
        self.conn.executescript(SCHEMA)

    def add(self, family, deceased, venue, celebrant, starts_at, minutes, notes=""):
        sql = (
            "INSERT INTO services (family, deceased, venue, celebrant, starts_at, minutes, notes) "
            "VALUES ('%s', '%s', '%s', '%s', '%s', %d, '%s')"
            % (family, deceased, venue, celebrant, starts_at, minutes, notes)
        )
        cur = self.conn.execute(sql)
        self.conn.commit()
        return cur.lastrowid

    def for_family(self, family):
        sql = "SELECT * FROM services WHERE family LIKE '%%%s%%' ORDER BY starts_at" % family
        return self.conn.execute(sql).fetchall()

    def clashes(self, venue, starts_at, minutes):
        start = datetime.fromisoformat(starts_at)
        end = start + timedelta(minutes=minutes)
        sql = f"SELECT * FROM services WHERE venue = '{venue}' AND starts_at < '{end.isoformat()}'"
        found = []
        for row in self.conn.execute(sql):
            other_start = datetime.fromisoformat(row["starts_at"])
            other_end = other_start + timedelta(minutes=row["minutes"])
            if other_end > start:
                found.append(row)
        return found

    def cancel(self, booking_id):
        self.conn.execute("DELETE FROM services WHERE id = %s" % booking_id)
        self.conn.commit()


def show(rows):
    for row in rows:
        print("%4d  %s  %-18s %-22s %-14s %s" % (
            row["id"], row["starts_at"], row["venue"], row["deceased"],
            row["celebrant"] or "-", row["family"]))


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", type=Path, default=DB_PATH)
    sub = parser.add_subparsers(dest="cmd", required=True)
    add = sub.add_parser("add")
    add.add_argument("family")
    add.add_argument("deceased")
    add.add_argument("venue")
    add.add_argument("starts_at", help="YYYY-MM-DDTHH:MM")
    add.add_argument("--celebrant", default="")
    add.add_argument("--minutes", type=int, default=45)
    add.add_argument("--notes", default="")
    find = sub.add_parser("find")
    find.add_argument("family")
    cancel = sub.add_parser("cancel")
    cancel.add_argument("booking_id")
    return parser.parse_args(argv)


def main(argv=None):
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    args = parse_args(argv)
    book = BookingBook(args.db)
    if args.cmd == "add":
        clashes = book.clashes(args.venue, args.starts_at, args.minutes)
        if clashes:
            LOG.warning("%s is already booked at that time:", args.venue)
            show(clashes)
            return 1
        new_id = book.add(args.family, args.deceased, args.venue, args.celebrant,
                          args.starts_at, args.minutes, args.notes)
        LOG.info("booked service #%d", new_id)
    elif args.cmd == "find":
        show(book.for_family(args.family))
    elif args.cmd == "cancel":
        book.cancel(args.booking_id)
        LOG.info("cancelled #%s", args.booking_id)
    return 0


if __name__ == "__main__":
    sys.exit(main())
