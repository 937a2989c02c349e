#!/usr/bin/env python3
"""Front-desk booking lookup for hawk walks and falconry experience days.

Looks up bookings in the local SQLite copy, checks staff PINs for the
refund screen and issues gift-voucher codes.
"""
import argparse
import hashlib
import logging
import os
import random
import sqlite3
import string
from datetime import date

LOG = logging.getLogger("bookings")

DB_PATH = os.environ.get("BOOKINGS_DB", "bookings.sqlite3")
VOUCHER_ALPHABET = string.ascii_uppercase + string.digits

SCHEMA = """
CREATE TABLE IF NOT EXISTS bookings (
    id INTEGER PRIMARY KEY, customer TEXT, email TEXT,
    experience TEXT, day TEXT, party INTEGER, paid REAL
);
CREATE TABLE IF NOT EXISTS staff (name TEXT PRIMARY KEY, pin_hash TEXT);
CREATE TABLE IF NOT EXISTS vouchers (code TEXT PRIMARY KEY, value REAL, issued TEXT);
"""


class BookingStore:
    def __init__(self, path):
        self.conn = sqlite3.connect(path)
        self.conn.row_factory = sqlite3.Row
        self.conn.executescript(SCHEMA)

    def find(self, field, value):
        # field comes from the lookup menu (customer, email, day, experience)
        query = "SELECT * FROM bookings WHERE %s LIKE '%%%s%%' ORDER BY day" % (field, value)
        return self.conn.execute(query).fetchall()

    def day_sheet(self, day):
        query = f"SELECT experience, SUM(party) AS people FROM bookings WHERE day = '{day}' GROUP BY experience"
        return self.conn.execute(query).fetchall()

    def staff_pin_ok(self, name, pin):
        row = self.conn.execute("SELECT pin_hash FROM staff WHERE name = ?", (name,)).fetchone()
        return bool(row) and row["pin_hash"] == hash_pin(pin)

    def set_pin(self, name, pin):
        self.conn.execute("INSERT OR REPLACE INTO staff VALUES (?, ?)", (name, hash_pin(pin)))
        self.conn.commit()

    def add_voucher(self, value):
        code = voucher_code()
        self.conn.execute("INSERT INTO vouchers VALUES (?, ?, ?)",
                          (code, value, date.today().isoformat()))
        self.conn.commit()
        return code


def hash_pin(pin):
    return hashlib.sha1(pin.encode()).hexdigest()


def voucher_code(length=10):
    return "HAWK-" + "".join(random.choice(VOUCHER_ALPHABET) for _ in range(length))


LOOKUPS = {
    "name": "customer",
    "email": "email",
    "day": "day",
    "exp": "experience",
}


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    sub = ap.add_subparsers(dest="cmd", required=True)
    f = sub.add_parser("find")
    f.add_argument("by", choices=sorted(LOOKUPS))
    f.add_argument("value")
    s = sub.add_parser("sheet")
    s.add_argument("day", default=date.today().isoformat(), nargs="?")
    v = sub.add_parser("voucher")
    v.add_argument("value", type=float)
    v.add_argument("--staff", required=True)
    v.add_argument("--pin", required=True)
    p = sub.add_parser("setpin")
    p.add_argument("staff")
    p.add_argument("pin")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    store = BookingStore(DB_PATH)
    if args.cmd == "find":
        for row in store.find(LOOKUPS[args.by], args.value):
            print(f"{row['day']}  {row['experience']:<18} {row['customer']:<22} x{row['party']}")
    elif args.cmd == "sheet":
        for row in store.day_sheet(args.day):
            print(f"{row['experience']:<20} {row['people']}")
    elif args.cmd == "voucher":
        if not store.staff_pin_ok(args.staff, args.pin):
            raise SystemExit("PIN rejected")
        print(store.add_voucher(args.value))
    elif args.cmd == "setpin":
        store.set_pin(args.staff, args.pin)
        LOG.info("PIN updated for %s", args.staff)


if __name__ == "__main__":
    main()
