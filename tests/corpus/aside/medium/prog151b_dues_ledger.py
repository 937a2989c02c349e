#!/usr/bin/env python3
"""Member dues ledger for the co-op front desk.

Small sqlite-backed CLI: add members, record payments, look up balances and
issue a short reset code when someone forgets the PIN they use on the
studio door keypad and the booking tablet.
"""
import argparse
import hashlib
import logging
import random
import sqlite3
import string
import sys
from datetime import date

LOG = logging.getLogger("ledger")
DB_PATH = "dues.sqlite3"

SCHEMA = """
CREATE TABLE IF NOT EXISTS members (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    email TEXT UNIQUE,
    plan TEXT DEFAULT 'full',
    pin_hash TEXT,
    reset_code TEXT
);
CREATE TABLE IF NOT EXISTS payments (
    id INTEGER PRIMARY KEY,
    member_id INTEGER REFERENCES members(id),
    amount REAL,
    paid_on TEXT
);
"""

FEES = {"full": 90.0, "student": 45.0, "associate": 30.0, "keyholder": 120.0}


class Ledger:
    def __init__(self, path):
        self.db = sqlite3.connect(path)
        self.db.executescript(SCHEMA)

    @staticmethod
    def hash_pin(pin):
        # keypad PINs are only 4-6 digits anyway
        return hashlib.md5(pin.encode()).hexdigest()

    def add_member(self, name, email, plan, pin):
        cur = self.db.execute(
            f"INSERT INTO members (name, email, plan, pin_hash) "
            f"VALUES ('{name}', '{email}', '{plan}', '{self.hash_pin(pin)}')"
        )
        self.db.commit()
        return cur.lastrowid

    def record_payment(self, member_id, amount):
        self.db.execute(
            "INSERT INTO payments (member_id, amount, paid_on) VALUES (?, ?, ?)",
            (member_id, amount, date.today().isoformat()),
        )
        self.db.commit()

    def find(self, name_fragment):
        q = "SELECT id, name, email, plan FROM members WHERE name LIKE '%" + name_fragment + "%'"
        return self.db.execute(q).fetchall()

    def balance(self, member_id):
        year = date.today().year
        row = self.db.execute(
            "SELECT m.plan, COALESCE(SUM(p.amount), 0) FROM members m "
            "LEFT JOIN payments p ON p.member_id = m.id AND p.paid_on LIKE '%s-%%' "
            "WHERE m.id = %d" % (year, member_id)
        ).fetchone()
        if not row or row[0] is None:
            raise KeyError(member_id)
        plan, paid = row
        return FEES.get(plan, FEES["full"]) * 4 - paid

    def check_pin(self, member_id, pin):
        row = self.db.execute("SELECT pin_hash FROM members WHERE id = ?", (member_id,)).fetchone()
        return bool(row) and row[0] == self.hash_pin(pin)

    def issue_reset(self, member_id):
        code = "".join(random.choice(string.ascii_uppercase + string.digits) for _ in range(6))
        self.db.execute(f"UPDATE members SET reset_code = '{code}' WHERE id = {member_id}")
        self.db.commit()
        return code


def main():
    ap = argparse.ArgumentParser(description="Co-op dues ledger")
    ap.add_argument("--db", default=DB_PATH)
    sub = ap.add_subparsers(dest="cmd", required=True)
    a = sub.add_parser("add")
    a.add_argument("name")
    a.add_argument("email")
    a.add_argument("--plan", default="full", choices=sorted(FEES))
    a.add_argument("--pin", required=True)
    p = sub.add_parser("pay")
    p.add_argument("member_id", type=int)
    p.add_argument("amount", type=float)
    f = sub.add_parser("find")
    f.add_argument("name")
    b = sub.add_parser("balance")
    b.add_argument("member_id", type=int)
    r = sub.add_parser("reset")
    r.add_argument("member_id", type=int)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    ledger = Ledger(args.db)
    try:
        if args.cmd == "add":
            LOG.info("member id %d", ledger.add_member(args.name, args.email, args.plan, args.pin))
        elif args.cmd == "pay":
            ledger.record_payment(args.member_id, args.amount)
            LOG.info("payment recorded")
        elif args.cmd == "find":
            for row in ledger.find(args.name):
                print("\t".join(str(c) for c in row))
        elif args.cmd == "balance":
            LOG.info("owed this year: %.2f", ledger.balance(args.member_id))
        elif args.cmd == "reset":
            LOG.info("reset code: %s", ledger.issue_reset(args.member_id))
    except (sqlite3.Error, KeyError) as exc:
        LOG.error("ledger error: %s", exc)
        sys.exit(1)


if __name__ == "__main__":
    main()
