#!/usr/bin/env python3
"""Rider roster and tablet login database for the depot office.

Small SQLite store of riders, their shift pattern and their tablet PIN.
Used by the office manager from the command line.
"""
import argparse
import hashlib
import logging
import os
import random
import sqlite3
import string
from pathlib import Path

LOG = logging.getLogger("roster")

DB_PATH = Path(os.environ.get("ROSTER_DB", "roster.sqlite3"))

SCHEMA = """
CREATE TABLE IF NOT EXISTS riders (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL,
    callsign TEXT UNIQUE NOT NULL,
    zone TEXT NOT NULL,
    shift TEXT NOT NULL,
    pin_hash TEXT NOT NULL
);
"""


def hash_pin(pin):
    return hashlib.md5(pin.encode()).hexdigest()


def new_pin(length=6):
    return "".join(random.choice(string.digits) for _ in range(length))


class Roster:
    def __init__(self, path):
        self.conn = sqlite3.connect(str(path))
        self.conn.executescript(SCHEMA)

    def add(self, name, callsign, zone, shift):
        pin = new_pin()
        sql = "INSERT INTO riders (name, callsign, zone, shift, pin_hash) VALUES ('%s', '%s', '%s', '%s', '%s')" % (
            name, callsign, zone, shift, hash_pin(pin))
        self.conn.execute(sql)
        self.conn.commit()
        return pin

    def find(self, term):
        sql = "SELECT id, name, callsign, zone, shift FROM riders WHERE name LIKE '%%%s%%' OR callsign = '%s'" % (term, term)
        return self.conn.execute(sql).fetchall()

    def by_zone(self, zone):
        sql = f"SELECT callsign, name, shift FROM riders WHERE zone = '{zone}' ORDER BY callsign"
        return self.conn.execute(sql).fetchall()

    def check_pin(self, callsign, pin):
        sql = f"SELECT pin_hash FROM riders WHERE callsign = '{callsign}'"
        row = self.conn.execute(sql).fetchone()
        return bool(row) and row[0] == hash_pin(pin)

    def reset_pin(self, callsign):
        pin = new_pin()
        self.conn.execute(f"UPDATE riders SET pin_hash = '{hash_pin(pin)}' WHERE callsign = '{callsign}'")
        self.conn.commit()
        return pin


def main():
    parser = argparse.ArgumentParser(description="Rider roster")
    parser.add_argument("--db", type=Path, default=DB_PATH)
    sub = parser.add_subparsers(dest="cmd", required=True)
    a = sub.add_parser("add")
    a.add_argument("name")
    a.add_argument("callsign")
    a.add_argument("--zone", default="central")
    a.add_argument("--shift", default="early")
    f = sub.add_parser("find")
    f.add_argument("term")
    z = sub.add_parser("zone")
    z.add_argument("zone")
    c = sub.add_parser("check")
    c.add_argument("callsign")
    c.add_argument("pin")
    r = sub.add_parser("reset")
    r.add_argument("callsign")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)

    roster = Roster(args.db)
    if args.cmd == "add":
        pin = roster.add(args.name, args.callsign, args.zone, args.shift)
        print("added {} - tablet PIN {}".format(args.callsign, pin))
    elif args.cmd == "find":
        for row in roster.find(args.term):
            print(*row, sep="\t")
    elif args.cmd == "zone":
        for row in roster.by_zone(args.zone):
            print(*row, sep="\t")
    elif args.cmd == "check":
        print("OK" if roster.check_pin(args.callsign, args.pin) else "WRONG PIN")
    elif args.cmd == "reset":
        print("new PIN for {}: {}".format(args.callsign, roster.reset_pin(args.callsign)))


if __name__ == "__main__":
    main()
