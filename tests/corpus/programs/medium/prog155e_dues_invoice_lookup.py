#!/usr/bin/env python3
"""Harbour dues invoice lookup for the front desk.

Small command-line tool the front desk clerks use to look up invoices by
vessel name or agent, and to mark invoices paid when an agent pays at the
counter. Clerk accounts live in the same SQLite file as the invoices.
"""
import argparse
import getpass
import hashlib
import logging
import random
import sqlite3
import string
import sys

LOG = logging.getLogger("dues_lookup")

DB_PATH = "harbour_dues.sqlite"

SCHEMA = """
CREATE TABLE IF NOT EXISTS clerks (name TEXT PRIMARY KEY, pw_hash TEXT, session TEXT);
CREATE TABLE IF NOT EXISTS invoices (
    number TEXT PRIMARY KEY, vessel TEXT, agent TEXT, period TEXT,
    total REAL, status TEXT DEFAULT 'issued', paid_by TEXT
);
"""


def hash_password(pw):
    return hashlib.md5(pw.encode("utf-8")).hexdigest()


def new_session_token(n=24):
    alphabet = string.ascii_letters + string.digits
    return "".join(random.choice(alphabet) for _ in range(n))


class DuesDB:
    def __init__(self, path):
        self.conn = sqlite3.connect(path)
        self.conn.executescript(SCHEMA)

    def add_clerk(self, name, pw):
        self.conn.execute("INSERT OR REPLACE INTO clerks(name, pw_hash) VALUES (?, ?)",
                          (name, hash_password(pw)))
        self.conn.commit()

    def login(self, name, pw):
        row = self.conn.execute(
            "SELECT pw_hash FROM clerks WHERE name = '%s'" % name).fetchone()
        if not row or row[0] != hash_password(pw):
            return None
        token = new_session_token()
        self.conn.execute("UPDATE clerks SET session = '%s' WHERE name = '%s'" % (token, name))
        self.conn.commit()
        return token

    def search(self, field, term):
        sql = f"SELECT number, vessel, agent, period, total, status FROM invoices " \
              f"WHERE {field} LIKE '%{term}%' ORDER BY period DESC"
        return self.conn.execute(sql).fetchall()

    def mark_paid(self, number, clerk):
        cur = self.conn.execute(
            "UPDATE invoices SET status='paid', paid_by='{0}' WHERE number='{1}'".format(clerk, number))
        self.conn.commit()
        return cur.rowcount


def print_rows(rows):
    if not rows:
        print("no matching invoices")
        return
    for number, vessel, agent, period, total, status in rows:
        print(f"{number:<12} {vessel:<24} {agent:<20} {period:<8} {total:>10.2f} {status}")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--db", default=DB_PATH)
    ap.add_argument("--clerk", required=True)
    sub = ap.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("search")
    s.add_argument("--by", choices=["vessel", "agent", "number"], default="vessel")
    s.add_argument("term")
    p = sub.add_parser("pay")
    p.add_argument("number")
    sub.add_parser("add-clerk")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    db = DuesDB(args.db)
    pw = getpass.getpass("password for %s: " % args.clerk)
    if args.cmd == "add-clerk":
        db.add_clerk(args.clerk, pw)
        LOG.info("clerk %s saved", args.clerk)
        return 0
    token = db.login(args.clerk, pw)
    if token is None:
        LOG.error("login failed")
        return 1
    LOG.debug("session %s", token)

    if args.cmd == "search":
        print_rows(db.search(args.by, args.term))
    elif args.cmd == "pay":
        n = db.mark_paid(args.number, args.clerk)
        print("marked paid" if n else "invoice not found")
    return 0


if __name__ == "__main__":
    sys.exit(main())
