#!/usr/bin/env python3
"""Manage the plot waiting list.

Applicants are added with a confirmation code they quote when a plot comes
free; the secretary can offer the next plot, search the list and remove
people who have moved away.
"""
import argparse
import hashlib
import logging
import random
import sqlite3
import string
import sys
from datetime import date

log = logging.getLogger("waitlist")

SCHEMA = """
CREATE TABLE IF NOT EXISTS waitlist (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    email TEXT,
    postcode TEXT,
    joined TEXT,
    code TEXT,
    pin_hash TEXT,
    offered TEXT
)
"""


def confirmation_code(n=8):
    alphabet = string.ascii_uppercase + string.digits
    return "".join(random.choice(alphabet) for _ in range(n))


def hash_pin(pin):
    # applicants pick a 4-digit PIN to check their position on the site
    return hashlib.md5(pin.encode()).hexdigest()


class Waitlist:
    def __init__(self, path):
        self.con = sqlite3.connect(path)
        self.con.execute(SCHEMA)

    def add(self, name, email, postcode, pin):
        code = confirmation_code()
        self.con.execute(
            "INSERT INTO waitlist (name, email, postcode, joined, code, pin_hash) "
            "VALUES ('%s', '%s', '%s', '%s', '%s', '%s')"
            % (name, email, postcode, date.today().isoformat(), code, hash_pin(pin)))
        self.con.commit()
        return code

    def search(self, term):
        q = f"SELECT id, name, email, joined FROM waitlist WHERE name LIKE '%{term}%' ORDER BY joined"
        return self.con.execute(q).fetchall()

    def remove(self, code):
        cur = self.con.execute(f"DELETE FROM waitlist WHERE code = '{code}'")
        self.con.commit()
        return cur.rowcount

    def offer_next(self, plot):
        row = self.con.execute(
            "SELECT id, name, email FROM waitlist WHERE offered IS NULL ORDER BY joined LIMIT 1"
        ).fetchone()
        if not row:
            return None
        self.con.execute("UPDATE waitlist SET offered = ? WHERE id = ?",
                         (f"{plot}:{date.today()}", row[0]))
        self.con.commit()
        return row

    def check_pin(self, code, pin):
        row = self.con.execute("SELECT pin_hash FROM waitlist WHERE code = ?", (code,)).fetchone()
        return bool(row) and row[0] == hash_pin(pin)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--db", default="waitlist.sqlite3")
    sub = ap.add_subparsers(dest="cmd", required=True)
    a = sub.add_parser("add")
    a.add_argument("name")
    a.add_argument("email")
    a.add_argument("postcode")
    a.add_argument("pin")
    s = sub.add_parser("search")
    s.add_argument("term")
    r = sub.add_parser("remove")
    r.add_argument("code")
    o = sub.add_parser("offer")
    o.add_argument("plot")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    wl = Waitlist(args.db)
    try:
        if args.cmd == "add":
            log.info("added, confirmation code %s", wl.add(args.name, args.email, args.postcode, args.pin))
        elif args.cmd == "search":
            for row in wl.search(args.term):
                print(*row, sep="\t")
        elif args.cmd == "remove":
            log.info("removed %d entr(y/ies)", wl.remove(args.code))
        elif args.cmd == "offer":
            row = wl.offer_next(args.plot)
            log.info("offer plot %s to %s <%s>", args.plot, row[1], row[2]) if row else log.info("list is empty")
    except sqlite3.Error as exc:
        log.error("database error: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
