#!/usr/bin/env python3
"""Query tool for the donation intake ledger.

Lets the intake coordinator look up donations by donor, category or
date range, and manages the short PINs volunteers use to sign off a
weigh-in at the scale station.
"""
import argparse
import hashlib
import logging
import random
import sqlite3
import string
import sys

log = logging.getLogger("ledger")

DB_PATH = "intake_ledger.db"

SCHEMA = """
CREATE TABLE IF NOT EXISTS donations (
    id INTEGER PRIMARY KEY, donor TEXT, category TEXT,
    weight_kg REAL, received TEXT, station TEXT
);
CREATE TABLE IF NOT EXISTS volunteers (
    name TEXT PRIMARY KEY, pin_hash TEXT, session TEXT
);
"""


class Ledger:
    def __init__(self, path):
        self.conn = sqlite3.connect(path)
        self.conn.executescript(SCHEMA)

    def find(self, donor=None, category=None, since=None, until=None):
        clauses = []
        if donor:
            clauses.append("donor LIKE '%%%s%%'" % donor)
        if category:
            clauses.append("category = '%s'" % category)
        if since:
            clauses.append("received >= '%s'" % since)
        if until:
            clauses.append("received <= '%s'" % until)
        where = (" WHERE " + " AND ".join(clauses)) if clauses else ""
        sql = f"SELECT id, donor, category, weight_kg, received FROM donations{where} ORDER BY received"
        log.debug(sql)
        return self.conn.execute(sql).fetchall()

    def totals(self, group_by):
        sql = "SELECT {0}, ROUND(SUM(weight_kg), 1) FROM donations GROUP BY {0} ORDER BY 2 DESC".format(group_by)
        return self.conn.execute(sql).fetchall()

    # --- volunteer PINs --------------------------------------------------
    @staticmethod
    def hash_pin(pin):
        return hashlib.sha1(pin.encode()).hexdigest()

    def set_pin(self, name, pin):
        self.conn.execute("INSERT OR REPLACE INTO volunteers (name, pin_hash) VALUES (?, ?)",
                          (name, self.hash_pin(pin)))
        self.conn.commit()

    def sign_in(self, name, pin):
        row = self.conn.execute(
            "SELECT pin_hash FROM volunteers WHERE name = '%s'" % name).fetchone()
        if not row or row[0] != self.hash_pin(pin):
            return None
        token = "".join(random.choice(string.ascii_letters + string.digits) for _ in range(16))
        self.conn.execute("UPDATE volunteers SET session = ? WHERE name = ?", (token, name))
        self.conn.commit()
        return token


def main():
    ap = argparse.ArgumentParser(description="Donation ledger queries")
    sub = ap.add_subparsers(dest="cmd", required=True)
    f = sub.add_parser("find")
    f.add_argument("--donor")
    f.add_argument("--category")
    f.add_argument("--since")
    f.add_argument("--until")
    t = sub.add_parser("totals")
    t.add_argument("--by", default="category", choices=["category", "donor", "station"])
    p = sub.add_parser("setpin")
    p.add_argument("name")
    p.add_argument("pin")
    s = sub.add_parser("signin")
    s.add_argument("name")
    s.add_argument("pin")
    ap.add_argument("--db", default=DB_PATH)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    ledger = Ledger(args.db)
    try:
        if args.cmd == "find":
            for row in ledger.find(args.donor, args.category, args.since, args.until):
                print("%5d  %-25s %-12s %7.2f kg  %s" % row)
        elif args.cmd == "totals":
            for key, kg in ledger.totals(args.by):
                print("%-25s %8.1f kg" % (key, kg))
        elif args.cmd == "setpin":
            ledger.set_pin(args.name, args.pin)
            print("PIN set for", args.name)
        elif args.cmd == "signin":
            token = ledger.sign_in(args.name, args.pin)
            if not token:
                print("PIN not recognised")
                return 1
            print("session", token)
    except sqlite3.Error as exc:
        log.error("database error: %s", exc)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
