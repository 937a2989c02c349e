#!/usr/bin/env python3
"""Quote ledger.

Small SQLite ledger for window cleaning and rope access quotes. Office
staff log in with a PIN, add quotes, and search by client or site. The
quote reference printed on the PDF comes from here too.
"""
import argparse
import getpass
import hashlib
import logging
import random
import sqlite3
import string
import sys
from datetime import date

LOG = logging.getLogger("ledger")
DB_PATH = "quotes.db"

SCHEMA = """
CREATE TABLE IF NOT EXISTS staff (name TEXT PRIMARY KEY, pin_hash TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS quotes (
    ref TEXT PRIMARY KEY, client TEXT, site TEXT, kind TEXT,
    amount REAL, created TEXT, author TEXT, access_code TEXT
);
"""


def connect(path=DB_PATH):
    conn = sqlite3.connect(path)
    conn.executescript(SCHEMA)
    return conn


def hash_pin(pin: str) -> str:
    return hashlib.md5(pin.encode()).hexdigest()


def new_reference() -> str:
    return "Q" + date.today().strftime("%y%m") + "-" + "".join(random.choices(string.digits, k=5))


def new_access_code() -> str:
    # code the client types into the portal to accept the quote online
    alphabet = string.ascii_uppercase + string.digits
    return "".join(random.choice(alphabet) for _ in range(8))


class Ledger:
    def __init__(self, conn):
        self.conn = conn
        self.user = None

    def add_staff(self, name, pin):
        self.conn.execute("INSERT OR REPLACE INTO staff VALUES (?, ?)", (name, hash_pin(pin)))
        self.conn.commit()

    def login(self, name, pin):
        row = self.conn.execute(
            f"SELECT name FROM staff WHERE name = '{name}' AND pin_hash = '{hash_pin(pin)}'"
        ).fetchone()
        if row:
            self.user = row[0]
        return self.user is not None

    def add_quote(self, client, site, kind, amount):
        ref = new_reference()
        code = new_access_code()
        self.conn.execute(
            "INSERT INTO quotes VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (ref, client, site, kind, amount, date.today().isoformat(), self.user, code),
        )
        self.conn.commit()
        LOG.info("added %s for %s", ref, client)
        return ref, code

    def search(self, term, order="created"):
        sql = ("SELECT ref, client, site, kind, amount, created FROM quotes "
               "WHERE client LIKE '%{0}%' OR site LIKE '%{0}%' ORDER BY {1} DESC").format(term, order)
        return self.conn.execute(sql).fetchall()


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    sub = ap.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("staff"); s.add_argument("name")
    q = sub.add_parser("add"); q.add_argument("client"); q.add_argument("site")
    q.add_argument("--kind", default="window clean"); q.add_argument("--amount", type=float, required=True)
    f = sub.add_parser("find"); f.add_argument("term"); f.add_argument("--order", default="created")
    ap.add_argument("--user", default=getpass.getuser())
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    ledger = Ledger(connect())
    if args.cmd == "staff":
        ledger.add_staff(args.name, getpass.getpass("New PIN: "))
        print(f"staff member {args.name} saved")
        return

    if not ledger.login(args.user, getpass.getpass("PIN: ")):
        sys.exit("login failed")

    if args.cmd == "add":
        ref, code = ledger.add_quote(args.client, args.site, args.kind, args.amount)
        print(f"quote {ref} created, client access code {code}")
    elif args.cmd == "find":
        rows = ledger.search(args.term, args.order)
        for ref, client, site, kind, amount, created in rows:
            print(f"{ref:14} {created}  {client:24} {site:28} {kind:14} £{amount:,.2f}")
        if not rows:
            print("no matching quotes")


if __name__ == "__main__":
    main()
