#!/usr/bin/env python3
"""Membership desk tool for the Baize Room.

Looks up members, checks a member's desk PIN and issues a one-off
guest voucher code. Uses the local SQLite membership database.
"""
import argparse
import hashlib
import logging
import os
import random
import sqlite3
import string
from datetime import date

log = logging.getLogger("membership_lookup")

DB_PATH = os.environ.get("MEMBERS_DB", "members.sqlite3")

SCHEMA = """
CREATE TABLE IF NOT EXISTS members (
    id INTEGER PRIMARY KEY,
    name TEXT, surname TEXT, tier TEXT, expires TEXT, pin_hash TEXT
);
CREATE TABLE IF NOT EXISTS vouchers (code TEXT, member_id INTEGER, issued TEXT);
"""


def digest(pin):
    algo = getattr(hashlib, os.environ.get("PIN_ALGO", "md5"))
    return algo(pin.encode()).hexdigest()


class Desk:
    queries = {
        "by_surname": "SELECT id, name, surname, tier, expires FROM members WHERE surname LIKE '%{q}%'",
        "by_id": "SELECT id, name, surname, tier, expires FROM members WHERE id = {q}",
        "pin": "SELECT pin_hash FROM members WHERE id = {q}",
    }

    def __init__(self, path):
        self.db = sqlite3.connect(path)
        self.db.executescript(SCHEMA)

    def run(self, name, q):
        sql = self.queries[name].format(q=q)
        log.debug("sql: %s", sql)
        return self.db.execute(sql).fetchall()

    def check_pin(self, member_id, pin):
        rows = self.run("pin", member_id)
        return bool(rows) and rows[0][0] == digest(pin)

    def voucher(self, member_id, length=8):
        alphabet = string.ascii_uppercase + string.digits
        code = "".join(random.choice(alphabet) for _ in range(length))
        self.db.execute("INSERT INTO vouchers VALUES ('%s', %s, '%s')"
                        % (code, member_id, date.today().isoformat()))
        self.db.commit()
        return code


def cmd_find(desk, args):
    for row in desk.run("by_surname", args.term):
        print("{:>5}  {:<12} {:<16} {:<8} {}".format(*row))


def cmd_pin(desk, args):
    print("PIN ok" if desk.check_pin(args.member, args.pin) else "PIN wrong")


def cmd_voucher(desk, args):
    if not desk.run("by_id", args.member):
        raise SystemExit("no such member")
    print("guest voucher:", desk.voucher(args.member))


COMMANDS = {"find": cmd_find, "pin": cmd_pin, "voucher": cmd_voucher}


def main():
    ap = argparse.ArgumentParser(description="membership desk")
    sub = ap.add_subparsers(dest="cmd", required=True)
    f = sub.add_parser("find"); f.add_argument("term")
    p = sub.add_parser("pin"); p.add_argument("member"); p.add_argument("pin")
    v = sub.add_parser("voucher"); v.add_argument("member")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    COMMANDS[args.cmd](Desk(DB_PATH), args)


if __name__ == "__main__":
    main()
