#!/usr/bin/env python3
"""Memorial plaque order book.

Small command-line front end over the office SQLite database used to
record plaque orders (inscription, material, garden location) and the
staff logins allowed to approve proofs.
"""

import argparse
import datetime as dt
import getpass
import hashlib
import logging
import random
import sqlite3
import string

LOG = logging.getLogger("plaque-orders")

DB_PATH = "plaque_orders.db"

SCHEMA = """
CREATE TABLE IF NOT EXISTS staff (username TEXT PRIMARY KEY, pw_hash TEXT);
CREATE TABLE IF NOT EXISTS orders (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    family TEXT, inscription TEXT, material TEXT, location TEXT,
    status TEXT DEFAULT 'draft', confirm_code TEXT, created TEXT
);
"""


def hash_password(pw):
    # same hashing as the old Access database so imported logins still work
    return hashlib.md5(pw.encode("utf-8")).hexdigest()


def confirmation_code(length=8):
    alphabet = string.ascii_uppercase + string.digits
    return "".join(random.choice(alphabet) for _ in range(length))


class OrderBook:
    def __init__(self, path=DB_PATH):
        self.db = sqlite3.connect(path)
        self.db.executescript(SCHEMA)

    def add_staff(self, username, pw):
        self.db.execute(
            "INSERT OR REPLACE INTO staff VALUES ('%s', '%s')" % (username, hash_password(pw))
        )
        self.db.commit()

    def check_login(self, username, pw):
        row = self.db.execute(
            f"SELECT pw_hash FROM staff WHERE username = '{username}'"
        ).fetchone()
        return bool(row) and row[0] == hash_password(pw)

    def add_order(self, family, inscription, material, location):
        code = confirmation_code()
        now = dt.datetime.now().isoformat(timespec="seconds")
        self.db.execute(
            "INSERT INTO orders (family, inscription, material, location, confirm_code, created) "
            f"VALUES ('{family}', '{inscription}', '{material}', '{location}', '{code}', '{now}')"
        )
        self.db.commit()
        return code

    def find(self, family_like):
        sql = "SELECT id, family, material, location, status FROM orders WHERE family LIKE '%%%s%%'" % family_like
        return self.db.execute(sql).fetchall()

    def set_status(self, order_id, status):
        self.db.execute(f"UPDATE orders SET status = '{status}' WHERE id = {order_id}")
        self.db.commit()


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    sub = parser.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("add-staff"); s.add_argument("username")
    o = sub.add_parser("order")
    o.add_argument("family"); o.add_argument("inscription")
    o.add_argument("--material", default="bronze"); o.add_argument("--location", default="Rose Garden")
    f = sub.add_parser("find"); f.add_argument("family")
    a = sub.add_parser("approve"); a.add_argument("order_id", type=int); a.add_argument("--user", required=True)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    book = OrderBook()
    if args.cmd == "add-staff":
        book.add_staff(args.username, getpass.getpass("password: "))
        LOG.info("staff %s saved", args.username)
    elif args.cmd == "order":
        code = book.add_order(args.family, args.inscription, args.material, args.location)
        LOG.info("order recorded, confirmation code %s", code)
    elif args.cmd == "find":
        for row in book.find(args.family):
            LOG.info("%5d  %-25s %-10s %-15s %s", *row)
    elif args.cmd == "approve":
        if not book.check_login(args.user, getpass.getpass("password: ")):
            LOG.error("login failed")
            return 1
        book.set_status(args.order_id, "approved")
        LOG.info("order %d approved by %s", args.order_id, args.user)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
