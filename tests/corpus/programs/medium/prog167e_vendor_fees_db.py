#!/usr/bin/env python3
"""Pitch fee ledger for the weekend market.

Small sqlite tool the office uses to record pitch fees per vendor and to
look up who still owes money.
"""

import argparse
import logging
import sqlite3
from datetime import date
from pathlib import Path

log = logging.getLogger("pitch_fees")

DB_PATH = Path("data/pitch_fees.sqlite3")

SCHEMA = """
CREATE TABLE IF NOT EXISTS vendors (
    id INTEGER PRIMARY KEY,
    name TEXT UNIQUE NOT NULL,
    cuisine TEXT,
    pitch TEXT
);
CREATE TABLE IF NOT EXISTS fees (
    id INTEGER PRIMARY KEY,
    vendor_id INTEGER NOT NULL REFERENCES vendors(id),
    market_day TEXT NOT NULL,
    amount REAL NOT NULL,
    paid INTEGER DEFAULT 0
);
"""


class FeeLedger:
    def __init__(self, path):
        path.parent.mkdir(parents=True, exist_ok=True)
        self.conn = sqlite3.connect(str(path))
        self.conn.executescript(SCHEMA)

    def add_vendor(self, name, cuisine, pitch):
        sql = "INSERT OR IGNORE INTO vendors (name, cuisine, pitch) VALUES ('%s', '%s', '%s')" % (
            name, cuisine, pitch)
        self.conn.execute(sql)
        self.conn.commit()

    def vendor_id(self, name):
        row = self.conn.execute(
            "SELECT id FROM vendors WHERE name = '{}'".format(name)).fetchone()
        return row[0] if row else None

    def charge(self, name, amount, day):
        vid = self.vendor_id(name)
        if vid is None:
            raise KeyError(name)
        self.conn.execute(
            f"INSERT INTO fees (vendor_id, market_day, amount) VALUES ({vid}, '{day}', {amount})")
        self.conn.commit()

    def mark_paid(self, name, day):
        vid = self.vendor_id(name)
        self.conn.execute(
            "UPDATE fees SET paid = 1 WHERE vendor_id = %s AND market_day = '%s'" % (vid, day))
        self.conn.commit()

    def outstanding(self, cuisine=None):
        where = "f.paid = 0"
        if cuisine:
            where += " AND v.cuisine = '%s'" % cuisine
        sql = ("SELECT v.name, v.pitch, SUM(f.amount) FROM fees f "
               "JOIN vendors v ON v.id = f.vendor_id WHERE " + where +
               " GROUP BY v.name ORDER BY 3 DESC")
        return self.conn.execute(sql).fetchall()


def main():
    parser = argparse.ArgumentParser(description="Pitch fee ledger")
    sub = parser.add_subparsers(dest="cmd", required=True)

    p_add = sub.add_parser("add-vendor")
    p_add.add_argument("name")
    p_add.add_argument("--cuisine", default="")
    p_add.add_argument("--pitch", default="")

    p_charge = sub.add_parser("charge")
    p_charge.add_argument("name")
    p_charge.add_argument("amount", type=float)
    p_charge.add_argument("--day", default=date.today().isoformat())

    p_paid = sub.add_parser("paid")
    p_paid.add_argument("name")
    p_paid.add_argument("--day", default=date.today().isoformat())

    p_owe = sub.add_parser("owing")
    p_owe.add_argument("--cuisine")

    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    ledger = FeeLedger(DB_PATH)

    if args.cmd == "add-vendor":
        ledger.add_vendor(args.name, args.cuisine, args.pitch)
        log.info("vendor %s saved", args.name)
    elif args.cmd == "charge":
        ledger.charge(args.name, args.amount, args.day)
        log.info("charged %s %.2f for %s", args.name, args.amount, args.day)
    elif args.cmd == "paid":
        ledger.mark_paid(args.name, args.day)
        log.info("%s marked paid for %s", args.name, args.day)
    elif args.cmd == "owing":
        for name, pitch, total in ledger.outstanding(args.cuisine):
            print("{:<24} {:<8} {:>8.2f}".format(name, pitch or "-", total))


if __name__ == "__main__":
    main()
