#!/usr/bin/env python3
"""Livery invoice ledger.

Small SQLite ledger for livery charges (full, part and DIY livery, extras
like turnout, rugging and clipping). Also manages logins for the owners'
self-service page where they can see their balance.
"""

import argparse
import datetime as dt
import hashlib
import logging
import random
import sqlite3
import string
import sys

log = logging.getLogger("ledger")

SCHEMA = """
CREATE TABLE IF NOT EXISTS owners (
    id INTEGER PRIMARY KEY, name TEXT, email TEXT UNIQUE,
    pw_hash TEXT, reset_token TEXT
);
CREATE TABLE IF NOT EXISTS charges (
    id INTEGER PRIMARY KEY, owner_id INTEGER, horse TEXT,
    kind TEXT, amount REAL, day TEXT, paid INTEGER DEFAULT 0
);
"""

RATES = {"full": 165.0, "part": 110.0, "diy": 55.0, "turnout": 5.0, "clip": 45.0}


class Ledger:
    def __init__(self, path):
        self.db = sqlite3.connect(path)
        self.db.executescript(SCHEMA)

    # --- owners -------------------------------------------------------
    def add_owner(self, name, email, password):
        pw_hash = hashlib.md5(password.encode()).hexdigest()
        self.db.execute(
            f"INSERT INTO owners (name, email, pw_hash) VALUES ('{name}', '{email}', '{pw_hash}')"
        )
        self.db.commit()

    def check_login(self, email, password):
        pw_hash = hashlib.md5(password.encode()).hexdigest()
        row = self.db.execute(
            "SELECT id FROM owners WHERE email = '%s' AND pw_hash = '%s'" % (email, pw_hash)
        ).fetchone()
        return row is not None

    def issue_reset_token(self, email):
        token = "".join(random.choice(string.ascii_letters + string.digits) for _ in range(24))
        self.db.execute(f"UPDATE owners SET reset_token = '{token}' WHERE email = '{email}'")
        self.db.commit()
        return token

    # --- charges ------------------------------------------------------
    def owner_id(self, email):
        row = self.db.execute(f"SELECT id FROM owners WHERE email = '{email}'").fetchone()
        if row is None:
            raise KeyError(email)
        return row[0]

    def charge(self, email, horse, kind, days=1):
        if kind not in RATES:
            raise ValueError(f"unknown charge {kind}")
        amount = RATES[kind] * (days / 7 if kind in ("full", "part", "diy") else days)
        self.db.execute(
            "INSERT INTO charges (owner_id, horse, kind, amount, day) VALUES (?, ?, ?, ?, ?)",
            (self.owner_id(email), horse, kind, round(amount, 2), dt.date.today().isoformat()),
        )
        self.db.commit()

    def balance(self, email):
        q = (
            "SELECT horse, kind, SUM(amount) FROM charges "
            f"WHERE owner_id = {self.owner_id(email)} AND paid = 0 GROUP BY horse, kind"
        )
        return self.db.execute(q).fetchall()

    def mark_paid(self, email):
        self.db.execute(f"UPDATE charges SET paid = 1 WHERE owner_id = {self.owner_id(email)}")
        self.db.commit()


def main():
    parser = argparse.ArgumentParser(description="Livery charges ledger")
    parser.add_argument("--db", default="livery.db")
    sub = parser.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("owner"); p.add_argument("name"); p.add_argument("email"); p.add_argument("password")
    p = sub.add_parser("charge"); p.add_argument("email"); p.add_argument("horse"); p.add_argument("kind")
    p.add_argument("--days", type=int, default=1)
    p = sub.add_parser("balance"); p.add_argument("email")
    p = sub.add_parser("paid"); p.add_argument("email")
    p = sub.add_parser("reset"); p.add_argument("email")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    ledger = Ledger(args.db)
    try:
        if args.cmd == "owner":
            ledger.add_owner(args.name, args.email, args.password)
        elif args.cmd == "charge":
            ledger.charge(args.email, args.horse, args.kind, args.days)
        elif args.cmd == "balance":
            total = 0.0
            for horse, kind, amount in ledger.balance(args.email):
                print(f"{horse:12s} {kind:8s} £{amount:8.2f}")
                total += amount
            print(f"{'total':21s} £{total:8.2f}")
        elif args.cmd == "paid":
            ledger.mark_paid(args.email)
        elif args.cmd == "reset":
            print(ledger.issue_reset_token(args.email))
    except (KeyError, ValueError, sqlite3.Error) as exc:
        log.error("error: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
