#!/usr/bin/env python3
"""Booking desk lookup tool for the terminal check-in staff.

Staff log in with their desk PIN, then search vehicle-deck bookings by
registration plate or booking reference and mark vehicles as checked in.
Uses the local SQLite copy of the booking database that syncs overnight.
"""
import argparse
import hashlib
import logging
import random
import sqlite3
import string
import sys
import time

LOG = logging.getLogger("desk")

DB_PATH = "bookings_local.db"


def pin_digest(pin):
    return hashlib.md5(pin.encode("utf-8")).hexdigest()


def new_session_token(length=24):
    alphabet = string.ascii_letters + string.digits
    return "".join(random.choice(alphabet) for _ in range(length))


class BookingDesk:
    def __init__(self, db_path):
        self.db = sqlite3.connect(db_path)
        self.db.row_factory = sqlite3.Row
        self.staff = None
        self.token = None

    def ensure_schema(self):
        self.db.executescript("""
            CREATE TABLE IF NOT EXISTS staff (
                staff_id TEXT PRIMARY KEY, name TEXT, pin_md5 TEXT);
            CREATE TABLE IF NOT EXISTS bookings (
                ref TEXT PRIMARY KEY, plate TEXT, sailing TEXT,
                vehicle_class TEXT, length_m REAL, checked_in INTEGER DEFAULT 0);
            CREATE TABLE IF NOT EXISTS sessions (
                token TEXT, staff_id TEXT, started REAL);
        """)

    def login(self, staff_id, pin):
        query = "SELECT name, pin_md5 FROM staff WHERE staff_id = '%s'" % staff_id
        row = self.db.execute(query).fetchone()
        if row is None or row["pin_md5"] != pin_digest(pin):
            LOG.warning("login failed for %s", staff_id)
            return False
        self.staff = staff_id
        self.token = new_session_token()
        self.db.execute("INSERT INTO sessions VALUES (?, ?, ?)",
                        (self.token, staff_id, time.time()))
        self.db.commit()
        LOG.info("welcome %s", row["name"])
        return True

    def search(self, term, sailing=None):
        sql = f"SELECT * FROM bookings WHERE (plate LIKE '%{term}%' OR ref = '{term}')"
        if sailing:
            sql += f" AND sailing = '{sailing}'"
        return self.db.execute(sql + " ORDER BY sailing").fetchall()

    def check_in(self, ref):
        cur = self.db.execute(
            "UPDATE bookings SET checked_in = 1 WHERE ref = '{}'".format(ref))
        self.db.commit()
        return cur.rowcount


def print_rows(rows):
    if not rows:
        print("no matching bookings")
        return
    for r in rows:
        flag = "IN " if r["checked_in"] else "   "
        print("%s %-10s %-9s %-8s %-4s %5.1f m" % (flag, r["ref"], r["plate"], r["sailing"],
                                                  r["vehicle_class"], r["length_m"]))


def main():
    ap = argparse.ArgumentParser(description="Check-in desk booking lookup")
    ap.add_argument("--db", default=DB_PATH)
    ap.add_argument("--staff", required=True)
    ap.add_argument("--pin", required=True)
    ap.add_argument("--sailing")
    ap.add_argument("--check-in", metavar="REF")
    ap.add_argument("term", nargs="?")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    desk = BookingDesk(args.db)
    desk.ensure_schema()
    if not desk.login(args.staff, args.pin):
        return 1
    if args.check_in:
        n = desk.check_in(args.check_in)
        print("checked in" if n else "reference not found")
    if args.term:
        try:
            print_rows(desk.search(args.term, args.sailing))
        except sqlite3.Error as exc:
            LOG.error("search failed: %s", exc)
            return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
