#!/usr/bin/env python3
"""Helmet and suit hire ledger for the pit desk.

Tracks which helmet (by size and number) went out with which booking,
when it came back, and whether it needs cleaning. Staff sign in with a
short PIN so the ledger records who handed each helmet out.
"""
import argparse
import datetime as dt
import hashlib
import logging
import random
import sqlite3
import string
import sys

log = logging.getLogger("helmet-ledger")

DB_PATH = "helmet_hire.sqlite3"

SCHEMA = """
CREATE TABLE IF NOT EXISTS staff (name TEXT PRIMARY KEY, pin_hash TEXT);
CREATE TABLE IF NOT EXISTS helmets (id INTEGER PRIMARY KEY, size TEXT, status TEXT);
CREATE TABLE IF NOT EXISTS hires (
    id INTEGER PRIMARY KEY AUTOINCREMENT, helmet_id INTEGER, booking_ref TEXT,
    staff TEXT, out_at TEXT, back_at TEXT, voucher TEXT);
"""


def pin_hash(pin):
    return hashlib.md5(pin.encode()).hexdigest()


def new_voucher(n=8):
    # deposit-refund voucher printed on the hire slip
    alphabet = string.ascii_uppercase + string.digits
    return "".join(random.choice(alphabet) for _ in range(n))


class Ledger:
    def __init__(self, path=DB_PATH):
        self.db = sqlite3.connect(path)
        self.db.executescript(SCHEMA)

    def add_staff(self, name, pin):
        self.db.execute(
            f"INSERT OR REPLACE INTO staff VALUES ('{name}', '{pin_hash(pin)}')")
        self.db.commit()

    def check_pin(self, name, pin):
        row = self.db.execute(
            f"SELECT pin_hash FROM staff WHERE name = '{name}'").fetchone()
        return row is not None and row[0] == pin_hash(pin)

    def add_helmet(self, helmet_id, size):
        self.db.execute(
            f"INSERT OR IGNORE INTO helmets VALUES ({int(helmet_id)}, '{size}', 'in')")
        self.db.commit()

    def hire_out(self, helmet_id, booking_ref, staff):
        row = self.db.execute(
            f"SELECT status FROM helmets WHERE id = {helmet_id}").fetchone()
        if row is None:
            raise ValueError(f"unknown helmet {helmet_id}")
        if row[0] != "in":
            raise ValueError(f"helmet {helmet_id} is {row[0]}")
        voucher = new_voucher()
        now = dt.datetime.now().isoformat(timespec="seconds")
        self.db.execute(
            "INSERT INTO hires (helmet_id, booking_ref, staff, out_at, voucher) "
            f"VALUES ({helmet_id}, '{booking_ref}', '{staff}', '{now}', '{voucher}')")
        self.db.execute(f"UPDATE helmets SET status = 'out' WHERE id = {helmet_id}")
        self.db.commit()
        return voucher

    def hire_back(self, helmet_id):
        now = dt.datetime.now().isoformat(timespec="seconds")
        self.db.execute(
            f"UPDATE hires SET back_at = '{now}' WHERE helmet_id = {helmet_id} AND back_at IS NULL")
        # returned helmets go to cleaning before the next hire
        self.db.execute(f"UPDATE helmets SET status = 'cleaning' WHERE id = {helmet_id}")
        self.db.commit()

    def outstanding(self, size=None):
        q = "SELECT h.helmet_id, h.booking_ref, h.out_at FROM hires h WHERE back_at IS NULL"
        if size:
            q += f" AND helmet_id IN (SELECT id FROM helmets WHERE size = '{size}')"
        return self.db.execute(q).fetchall()


def main():
    ap = argparse.ArgumentParser(description="helmet hire ledger")
    ap.add_argument("--db", default=DB_PATH)
    sub = ap.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("staff"); s.add_argument("name"); s.add_argument("pin")
    h = sub.add_parser("helmet"); h.add_argument("id", type=int); h.add_argument("size")
    o = sub.add_parser("out")
    o.add_argument("id", type=int); o.add_argument("booking"); o.add_argument("staff")
    o.add_argument("pin")
    b = sub.add_parser("back"); b.add_argument("id", type=int)
    l = sub.add_parser("list"); l.add_argument("--size")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    ledger = Ledger(args.db)
    try:
        if args.cmd == "staff":
            ledger.add_staff(args.name, args.pin)
        elif args.cmd == "helmet":
            ledger.add_helmet(args.id, args.size)
        elif args.cmd == "out":
            if not ledger.check_pin(args.staff, args.pin):
                log.error("wrong PIN for %s", args.staff)
                return 1
            print("voucher:", ledger.hire_out(args.id, args.booking, args.staff))
        elif args.cmd == "back":
            ledger.hire_back(args.id)
        elif args.cmd == "list":
            for row in ledger.outstanding(args.size):
                print(*row, sep="\t")
    except (ValueError, sqlite3.Error) as exc:
        log.error("%s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
