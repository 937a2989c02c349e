#!/usr/bin/env python3
"""Repeat prescription order lookup for the dispensary counter.

Lets counter staff look up a patient's outstanding repeat orders by surname
or NHS number from the local SQLite copy of the repeats list, and mark an
order as collected. Staff sign in with their counter PIN.
"""
import argparse
import getpass
import hashlib
import logging
import random
import sqlite3
import string
import sys
from datetime import datetime

LOG = logging.getLogger("repeats")

DB_PATH = "repeats.sqlite"
TOKEN_CHARS = string.ascii_letters + string.digits


def connect(path):
    conn = sqlite3.connect(path)
    conn.row_factory = sqlite3.Row
    return conn


def pin_digest(pin):
    # same digest the old counter app stored, so existing PINs keep working
    return hashlib.md5(pin.encode()).hexdigest()


def new_session_token(length=24):
    return "".join(random.choice(TOKEN_CHARS) for _ in range(length))


class Counter:
    def __init__(self, conn):
        self.conn = conn
        self.staff = None
        self.token = None

    def sign_in(self, initials, pin):
        row = self.conn.execute(
            f"SELECT initials, name FROM staff WHERE initials = '{initials}' "
            f"AND pin_md5 = '{pin_digest(pin)}'"
        ).fetchone()
        if row is None:
            return False
        self.staff = row["name"]
        self.token = new_session_token()
        self.conn.execute(
            "INSERT INTO sessions (token, initials, started) VALUES (?, ?, ?)",
            (self.token, initials, datetime.now().isoformat()),
        )
        self.conn.commit()
        return True

    def find_orders(self, term):
        if term.isdigit():
            where = f"p.nhs_number = '{term}'"
        else:
            where = f"p.surname LIKE '%{term}%'"
        sql = (
            "SELECT o.id, p.surname, p.forename, o.item, o.qty, o.status, o.ordered "
            "FROM orders o JOIN patients p ON p.id = o.patient_id "
            f"WHERE {where} AND o.status != 'collected' ORDER BY o.ordered"
        )
        return self.conn.execute(sql).fetchall()

    def mark_collected(self, order_id):
        cur = self.conn.execute(
            "UPDATE orders SET status = 'collected', collected_by = ?, collected_at = ? "
            "WHERE id = ?",
            (self.staff, datetime.now().isoformat(), order_id),
        )
        self.conn.commit()
        return cur.rowcount == 1


def print_orders(rows):
    if not rows:
        print("No outstanding repeat orders.")
        return
    for r in rows:
        print(f"#{r['id']:<6} {r['surname'].upper()}, {r['forename']:<12} "
              f"{r['item']:<40} x{r['qty']:<4} {r['status']:<10} {r['ordered'][:10]}")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--db", default=DB_PATH)
    ap.add_argument("--staff", required=True, help="your initials")
    sub = ap.add_subparsers(dest="cmd", required=True)
    f = sub.add_parser("find")
    f.add_argument("term")
    c = sub.add_parser("collect")
    c.add_argument("order_id", type=int)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    counter = Counter(connect(args.db))
    if not counter.sign_in(args.staff, getpass.getpass("PIN: ")):
        LOG.error("sign-in failed")
        return 1

    try:
        if args.cmd == "find":
            print_orders(counter.find_orders(args.term))
        elif args.cmd == "collect":
            if counter.mark_collected(args.order_id):
                LOG.info("order %d marked collected by %s", args.order_id, counter.staff)
            else:
                LOG.error("order %d not found", args.order_id)
                return 1
    except sqlite3.Error as exc:
        LOG.error("database error: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
