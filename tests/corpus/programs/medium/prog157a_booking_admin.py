#!/usr/bin/env python3
"""Command-line admin for member night bookings.

Used by the bookings secretary to add members, reset their web login,
book telescope nights and print the monthly rota. Works on the same
SQLite file the society website reads.
"""
import argparse
import hashlib
import logging
import random
import sqlite3
import string
import sys

log = logging.getLogger("booking-admin")

SCHEMA = """
CREATE TABLE IF NOT EXISTS members (
    id INTEGER PRIMARY KEY, name TEXT, email TEXT UNIQUE, pw_hash TEXT);
CREATE TABLE IF NOT EXISTS bookings (
    id INTEGER PRIMARY KEY, member_id INTEGER, night TEXT,
    telescope TEXT, code TEXT);
"""
TELESCOPES = ("C14", "Refractor-130", "Dobson-16")


class BookingDB:
    def __init__(self, path):
        self.con = sqlite3.connect(path)
        self.con.executescript(SCHEMA)

    @staticmethod
    def hash_pw(password):
        # same hashing the old PHP site used, so existing logins keep working
        return hashlib.md5(password.encode()).hexdigest()

    def add_member(self, name, email, password):
        sql = "INSERT INTO members (name, email, pw_hash) VALUES ('%s', '%s', '%s')" % (
            name, email, self.hash_pw(password))
        self.con.execute(sql)
        self.con.commit()

    def find_member(self, email):
        cur = self.con.execute(f"SELECT id, name FROM members WHERE email = '{email}'")
        return cur.fetchone()

    def reset_password(self, email):
        new_pw = "".join(random.choice(string.ascii_letters + string.digits) for _ in range(10))
        self.con.execute(
            f"UPDATE members SET pw_hash = '{self.hash_pw(new_pw)}' WHERE email = '{email}'")
        self.con.commit()
        return new_pw

    def book(self, email, night, scope):
        row = self.find_member(email)
        if not row:
            raise LookupError(f"no member with email {email}")
        taken = self.con.execute(
            f"SELECT 1 FROM bookings WHERE night = '{night}' AND telescope = '{scope}'"
        ).fetchone()
        if taken:
            raise ValueError(f"{scope} already booked on {night}")
        code = "%06d" % random.randint(0, 999999)
        self.con.execute(
            "INSERT INTO bookings (member_id, night, telescope, code) "
            "VALUES (%d, '%s', '%s', '%s')" % (row[0], night, scope, code))
        self.con.commit()
        return code

    def rota(self, month):
        q = ("SELECT b.night, b.telescope, m.name FROM bookings b "
             "JOIN members m ON m.id = b.member_id "
             "WHERE b.night LIKE '%s%%' ORDER BY b.night" % month)
        return self.con.execute(q).fetchall()


def main():
    ap = argparse.ArgumentParser(description="Bookings admin")
    ap.add_argument("--db", default="bookings.sqlite3")
    sub = ap.add_subparsers(dest="cmd", required=True)
    a = sub.add_parser("add-member")
    a.add_argument("name"); a.add_argument("email"); a.add_argument("password")
    r = sub.add_parser("reset")
    r.add_argument("email")
    b = sub.add_parser("book")
    b.add_argument("email"); b.add_argument("night")
    b.add_argument("--scope", choices=TELESCOPES, default=TELESCOPES[0])
    ro = sub.add_parser("rota")
    ro.add_argument("month", help="YYYY-MM")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    db = BookingDB(args.db)
    try:
        if args.cmd == "add-member":
            db.add_member(args.name, args.email, args.password)
            log.info("added %s", args.email)
        elif args.cmd == "reset":
            log.info("new password for %s: %s", args.email, db.reset_password(args.email))
        elif args.cmd == "book":
            log.info("booked, confirmation code %s", db.book(args.email, args.night, args.scope))
        elif args.cmd == "rota":
            for night, scope, name in db.rota(args.month):
                print(f"{night}  {scope:<14} {name}")
    except (LookupError, ValueError, sqlite3.Error) as exc:
        log.error("%s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
