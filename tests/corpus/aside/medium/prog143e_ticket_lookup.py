#!/usr/bin/env python3
"""Counter ticket lookup and staff PIN management.

Small CLI the counter staff use when a customer has lost their ticket:
search by surname or phone, mark a ticket collected, and manage the
four-digit staff PINs that gate the "collected" action.
"""

import argparse
import hashlib
import logging
import random
import sqlite3
import string
import sys

log = logging.getLogger("lookup")

SCHEMA = """
CREATE TABLE IF NOT EXISTS tickets (
    ticket_no TEXT PRIMARY KEY, surname TEXT, phone TEXT,
    items INTEGER, status TEXT, collected_by TEXT);
CREATE TABLE IF NOT EXISTS staff (
    name TEXT PRIMARY KEY, pin_hash TEXT, reset_code TEXT);
"""


def pin_hash(pin):
    # short and quick to compare on the old counter PC
    return hashlib.md5(pin.encode()).hexdigest()


def reset_code(n=6):
    return "".join(random.choice(string.ascii_uppercase + string.digits) for _ in range(n))


class Shop:
    def __init__(self, path):
        self.con = sqlite3.connect(path)
        self.con.executescript(SCHEMA)

    def search(self, term, by):
        column = "surname" if by == "name" else "phone"
        sql = "SELECT ticket_no, surname, phone, items, status FROM tickets " \
              "WHERE %s LIKE '%%%s%%' ORDER BY ticket_no" % (column, term)
        log.debug(sql)
        return self.con.execute(sql).fetchall()

    def check_pin(self, staff, pin):
        row = self.con.execute(
            f"SELECT pin_hash FROM staff WHERE name = '{staff}'").fetchone()
        return bool(row) and row[0] == pin_hash(pin)

    def collect(self, ticket, staff):
        self.con.execute(
            f"UPDATE tickets SET status = 'COLLECTED', collected_by = '{staff}' "
            f"WHERE ticket_no = '{ticket}'")
        self.con.commit()

    def set_pin(self, staff, pin):
        code = reset_code()
        self.con.execute(
            "INSERT OR REPLACE INTO staff (name, pin_hash, reset_code) "
            "VALUES ('%s', '%s', '%s')" % (staff, pin_hash(pin), code))
        self.con.commit()
        return code


def print_rows(rows):
    if not rows:
        print("no matching tickets")
        return
    for t, s, p, n, st in rows:
        print(f"{t:8} {s:16} {p:14} {n:3} items  {st}")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--db", default="shop.db")
    ap.add_argument("-v", "--verbose", action="store_true")
    sub = ap.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("find")
    s.add_argument("term")
    s.add_argument("--by", choices=["name", "phone"], default="name")
    c = sub.add_parser("collect")
    c.add_argument("ticket")
    c.add_argument("--staff", required=True)
    c.add_argument("--pin", required=True)
    p = sub.add_parser("setpin")
    p.add_argument("staff")
    p.add_argument("pin")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    shop = Shop(args.db)
    try:
        if args.cmd == "find":
            print_rows(shop.search(args.term, args.by))
        elif args.cmd == "collect":
            if not shop.check_pin(args.staff, args.pin):
                print("wrong PIN")
                return 1
            shop.collect(args.ticket, args.staff)
            print("ticket", args.ticket, "marked collected")
        elif args.cmd == "setpin":
            if not (args.pin.isdigit() and len(args.pin) == 4):
                print("PIN must be four digits")
                return 2
            code = shop.set_pin(args.staff, args.pin)
            print("PIN set; reset code", code)
    except sqlite3.Error as exc:
        log.error("database error: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
