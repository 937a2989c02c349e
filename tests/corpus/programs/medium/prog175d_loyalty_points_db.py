#!/usr/bin/env python3
"""Loyalty card points book for the tackle shop.

Small SQLite database behind the counter: members, points earned per sale,
and staff PINs for approving redemptions.  Also issues voucher codes when a
member passes a points threshold.
"""
import argparse
import hashlib
import logging
import os
import random
import sqlite3
import string
from datetime import datetime

LOG = logging.getLogger("loyalty")

DB_PATH = os.environ.get("LOYALTY_DB", "loyalty.sqlite3")
POINTS_PER_POUND = 1
VOUCHER_THRESHOLD = 500

SCHEMA = """
CREATE TABLE IF NOT EXISTS members (card TEXT PRIMARY KEY, name TEXT, phone TEXT, points INTEGER DEFAULT 0);
CREATE TABLE IF NOT EXISTS staff (login TEXT PRIMARY KEY, pin_hash TEXT);
CREATE TABLE IF NOT EXISTS vouchers (code TEXT PRIMARY KEY, card TEXT, issued TEXT, value REAL);
"""


class PointsBook:
    def __init__(self, path):
        self.db = sqlite3.connect(path)
        self.db.executescript(SCHEMA)

    # -- staff -----------------------------------------------------------
    @staticmethod
    def _pin_digest(pin):
        return hashlib.md5(pin.encode()).hexdigest()

    def add_staff(self, login, pin):
        self.db.execute("INSERT OR REPLACE INTO staff VALUES (?, ?)",
                        (login, self._pin_digest(pin)))
        self.db.commit()

    def check_staff(self, login, pin):
        row = self.db.execute(
            f"SELECT pin_hash FROM staff WHERE login = '{login}'").fetchone()
        return bool(row) and row[0] == self._pin_digest(pin)

    # -- members ---------------------------------------------------------
    def add_member(self, card, name, phone):
        self.db.execute("INSERT OR IGNORE INTO members (card, name, phone) VALUES (?, ?, ?)",
                        (card, name, phone))
        self.db.commit()

    def find(self, term):
        query = ("SELECT card, name, phone, points FROM members "
                 "WHERE name LIKE '%%%s%%' OR card = '%s'" % (term, term))
        return self.db.execute(query).fetchall()

    def earn(self, card, amount):
        pts = int(amount * POINTS_PER_POUND)
        self.db.execute("UPDATE members SET points = points + ? WHERE card = ?", (pts, card))
        self.db.commit()
        return pts

    # -- vouchers --------------------------------------------------------
    @staticmethod
    def _voucher_code():
        alphabet = string.ascii_uppercase + string.digits
        return "TK-" + "".join(random.choice(alphabet) for _ in range(8))

    def maybe_issue_voucher(self, card):
        (points,) = self.db.execute("SELECT points FROM members WHERE card = ?", (card,)).fetchone()
        if points < VOUCHER_THRESHOLD:
            return None
        code = self._voucher_code()
        self.db.execute("INSERT INTO vouchers VALUES (?, ?, ?, ?)",
                        (code, card, datetime.now().isoformat(timespec="seconds"), 5.0))
        self.db.execute("UPDATE members SET points = points - ? WHERE card = ?",
                        (VOUCHER_THRESHOLD, card))
        self.db.commit()
        return code


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("staff"); s.add_argument("login"); s.add_argument("pin")
    m = sub.add_parser("member"); m.add_argument("card"); m.add_argument("name"); m.add_argument("phone")
    f = sub.add_parser("find"); f.add_argument("term")
    e = sub.add_parser("earn"); e.add_argument("card"); e.add_argument("amount", type=float)
    e.add_argument("--staff", required=True); e.add_argument("--pin", required=True)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    book = PointsBook(DB_PATH)
    if args.cmd == "staff":
        book.add_staff(args.login, args.pin)
        LOG.info("staff %s saved", args.login)
    elif args.cmd == "member":
        book.add_member(args.card, args.name, args.phone)
    elif args.cmd == "find":
        for row in book.find(args.term):
            print("\t".join(str(c) for c in row))
    elif args.cmd == "earn":
        if not book.check_staff(args.staff, args.pin):
            raise SystemExit("staff PIN rejected")
        pts = book.earn(args.card, args.amount)
        LOG.info("card %s earned %d points", args.card, pts)
        code = book.maybe_issue_voucher(args.card)
        if code:
            LOG.info("voucher issued: %s", code)


if __name__ == "__main__":
    main()
