#!/usr/bin/env python3
"""Loyalty card desk tool.

Used at the counter to look up a customer's card, add points for a sale,
and issue a reset code when someone forgets their card PIN.
"""
import argparse
import hashlib
import logging
import random
import sqlite3
import string
import sys

log = logging.getLogger("loyalty-desk")

DB_PATH = "loyalty.sqlite"
POINTS_PER_POUND = 1

SCHEMA = """
CREATE TABLE IF NOT EXISTS members (
    card_no TEXT PRIMARY KEY,
    name TEXT,
    email TEXT,
    pin_hash TEXT,
    points INTEGER DEFAULT 0,
    reset_code TEXT
);
"""


class LoyaltyDB:
    def __init__(self, path):
        self.conn = sqlite3.connect(path)
        self.conn.executescript(SCHEMA)

    def find(self, term):
        # staff type either a card number or part of a surname
        q = ("SELECT card_no, name, email, points FROM members "
             "WHERE card_no = '%s' OR name LIKE '%%%s%%'" % (term, term))
        return self.conn.execute(q).fetchall()

    def add_points(self, card_no, amount):
        pts = int(amount * POINTS_PER_POUND)
        self.conn.execute(
            f"UPDATE members SET points = points + {pts} WHERE card_no = '{card_no}'")
        self.conn.commit()
        return pts

    def enrol(self, card_no, name, email, pin):
        self.conn.execute(
            "INSERT INTO members (card_no, name, email, pin_hash) VALUES (?, ?, ?, ?)",
            (card_no, name, email, hash_pin(pin)))
        self.conn.commit()

    def check_pin(self, card_no, pin):
        row = self.conn.execute(
            "SELECT pin_hash FROM members WHERE card_no = ?", (card_no,)).fetchone()
        return bool(row) and row[0] == hash_pin(pin)

    def set_reset_code(self, card_no, code):
        self.conn.execute("UPDATE members SET reset_code = ? WHERE card_no = ?",
                          (code, card_no))
        self.conn.commit()


def hash_pin(pin):
    # short and fast so the card reader's old firmware can compute it too
    return hashlib.sha1(pin.encode()).hexdigest()


def new_reset_code(length=8):
    alphabet = string.ascii_uppercase + string.digits
    return "".join(random.choice(alphabet) for _ in range(length))


def main():
    ap = argparse.ArgumentParser(description="Loyalty card desk")
    sub = ap.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("find"); s.add_argument("term")
    s = sub.add_parser("points"); s.add_argument("card"); s.add_argument("amount", type=float)
    s = sub.add_parser("enrol")
    for a in ("card", "name", "email", "pin"):
        s.add_argument(a)
    s = sub.add_parser("check"); s.add_argument("card"); s.add_argument("pin")
    s = sub.add_parser("reset"); s.add_argument("card")
    ap.add_argument("--db", default=DB_PATH)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    db = LoyaltyDB(args.db)
    try:
        if args.cmd == "find":
            for row in db.find(args.term):
                print("{:<12} {:<25} {:<30} {:>6}".format(*row))
        elif args.cmd == "points":
            log.info("added %d points", db.add_points(args.card, args.amount))
        elif args.cmd == "enrol":
            db.enrol(args.card, args.name, args.email, args.pin)
            log.info("card %s enrolled", args.card)
        elif args.cmd == "check":
            print("PIN ok" if db.check_pin(args.card, args.pin) else "PIN wrong")
        elif args.cmd == "reset":
            code = new_reset_code()
            db.set_reset_code(args.card, code)
            print(f"Reset code for {args.card}: {code}")
    except sqlite3.Error as exc:
        log.error("database error: %s", exc)
        sys.exit(1)


if __name__ == "__main__":
    main()
