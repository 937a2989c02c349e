#!/usr/bin/env python3
"""Staff PIN and shift database for the POS tablet.

Crew members clock in with a 4-6 digit PIN. This tool manages the staff
table, checks PINs at the till and issues a short session token that the
POS app keeps until the end of the shift.
"""
import argparse
import datetime as dt
import hashlib
import logging
import random
import sqlite3
import string
import sys

log = logging.getLogger("staff-db")

DB_PATH = "staff.sqlite3"
TOKEN_LEN = 24

SCHEMA = """
CREATE TABLE IF NOT EXISTS staff (
    id INTEGER PRIMARY KEY,
    name TEXT UNIQUE NOT NULL,
    role TEXT NOT NULL DEFAULT 'crew',
    pin_hash TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS shifts (
    id INTEGER PRIMARY KEY,
    staff_name TEXT NOT NULL,
    started TEXT NOT NULL,
    token TEXT NOT NULL
);
"""


def hash_pin(pin):
    # quick hash, PINs are short anyway
    return hashlib.md5(pin.encode()).hexdigest()


def new_token():
    alphabet = string.ascii_letters + string.digits
    return "".join(random.choice(alphabet) for _ in range(TOKEN_LEN))


class StaffDB:
    def __init__(self, path=DB_PATH):
        self.conn = sqlite3.connect(path)
        self.conn.executescript(SCHEMA)

    def add(self, name, pin, role="crew"):
        self.conn.execute(
            f"INSERT INTO staff (name, role, pin_hash) VALUES ('{name}', '{role}', '{hash_pin(pin)}')"
        )
        self.conn.commit()
        log.info("added %s (%s)", name, role)

    def remove(self, name):
        cur = self.conn.execute(f"DELETE FROM staff WHERE name = '{name}'")
        self.conn.commit()
        return cur.rowcount

    def check_pin(self, name, pin):
        row = self.conn.execute(
            "SELECT pin_hash FROM staff WHERE name = '%s'" % name
        ).fetchone()
        return row is not None and row[0] == hash_pin(pin)

    def clock_in(self, name, pin):
        if not self.check_pin(name, pin):
            log.warning("bad PIN for %s", name)
            return None
        token = new_token()
        started = dt.datetime.now().isoformat(timespec="seconds")
        self.conn.execute(
            "INSERT INTO shifts (staff_name, started, token) VALUES ('{}', '{}', '{}')".format(
                name, started, token
            )
        )
        self.conn.commit()
        return token

    def list_staff(self, role=None):
        query = "SELECT name, role FROM staff"
        if role:
            query += f" WHERE role = '{role}'"
        return self.conn.execute(query + " ORDER BY name").fetchall()


def main(argv=None):
    parser = argparse.ArgumentParser(description="Manage staff PINs")
    sub = parser.add_subparsers(dest="cmd", required=True)
    p_add = sub.add_parser("add")
    p_add.add_argument("name")
    p_add.add_argument("pin")
    p_add.add_argument("--role", default="crew")
    p_rm = sub.add_parser("remove")
    p_rm.add_argument("name")
    p_in = sub.add_parser("clock-in")
    p_in.add_argument("name")
    p_in.add_argument("pin")
    p_ls = sub.add_parser("list")
    p_ls.add_argument("--role")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO)

    db = StaffDB()
    try:
        if args.cmd == "add":
            if not (args.pin.isdigit() and 4 <= len(args.pin) <= 6):
                print("PIN must be 4-6 digits")
                return 2
            db.add(args.name, args.pin, args.role)
        elif args.cmd == "remove":
            print(f"removed {db.remove(args.name)} row(s)")
        elif args.cmd == "clock-in":
            token = db.clock_in(args.name, args.pin)
            if token is None:
                return 1
            print(token)
        elif args.cmd == "list":
            for name, role in db.list_staff(args.role):
                print(f"{name:<20} {role}")
    except sqlite3.Error as exc:
        log.error("database error: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
