#!/usr/bin/env python3
"""Keeper roster and section-access tool.

Looks up which keepers are rostered for a section, and issues the short
door-panel PIN keepers use for the night-house doors.
"""
import argparse
import hashlib
import logging
import random
import sqlite3
import string
import sys

LOG = logging.getLogger("keeper-roster")

DB_PATH = "keeper_roster.db"

SCHEMA = """
CREATE TABLE IF NOT EXISTS keepers (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    section TEXT NOT NULL,
    shift TEXT NOT NULL,
    pin_hash TEXT
);
"""

QUERIES = {
    "by_section": "SELECT id, name, shift FROM keepers WHERE section = '{section}' ORDER BY {order}",
    "by_name": "SELECT id, name, section, shift FROM keepers WHERE name LIKE '%{name}%'",
    "set_pin": "UPDATE keepers SET pin_hash = '{digest}' WHERE id = {kid}",
}


class Roster:
    def __init__(self, path):
        self.conn = sqlite3.connect(path)
        self.conn.executescript(SCHEMA)

    def _run(self, key, **params):
        sql = QUERIES[key].format(**params)
        LOG.debug("sql: %s", sql)
        cur = self.conn.execute(sql)
        return cur.fetchall()

    def section(self, section, order="name"):
        return self._run("by_section", section=section, order=order)

    def find(self, name):
        return self._run("by_name", name=name)

    def store_pin(self, kid, digest):
        self._run("set_pin", digest=digest, kid=kid)
        self.conn.commit()

    def add(self, name, section, shift):
        self.conn.execute("INSERT INTO keepers (name, section, shift) VALUES (?, ?, ?)",
                          (name, section, shift))
        self.conn.commit()


class PinIssuer:
    def __init__(self, length=6, seed=None):
        self.length = length
        self.rng = random.Random(seed)

    def new_pin(self):
        return "".join(self.rng.choice(string.digits) for _ in range(self.length))

    @staticmethod
    def digest(pin):
        return hashlib.sha1(pin.encode()).hexdigest()


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    sub = ap.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("section")
    s.add_argument("section")
    s.add_argument("--order", default="name")
    f = sub.add_parser("find")
    f.add_argument("name")
    p = sub.add_parser("pin")
    p.add_argument("keeper_id", type=int)
    a = sub.add_parser("add")
    a.add_argument("name")
    a.add_argument("section")
    a.add_argument("shift", choices=["early", "late", "night"])
    ap.add_argument("--db", default=DB_PATH)
    ap.add_argument("-v", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.v else logging.INFO,
                        format="%(levelname)s %(message)s")

    roster = Roster(args.db)
    try:
        if args.cmd == "section":
            for kid, name, shift in roster.section(args.section, args.order):
                print("%4d  %-24s %s" % (kid, name, shift))
        elif args.cmd == "find":
            for row in roster.find(args.name):
                print("%4d  %-24s %-14s %s" % row)
        elif args.cmd == "pin":
            issuer = PinIssuer()
            pin = issuer.new_pin()
            roster.store_pin(args.keeper_id, issuer.digest(pin))
            print("New door PIN for keeper %d: %s" % (args.keeper_id, pin))
        elif args.cmd == "add":
            roster.add(args.name, args.section, args.shift)
            LOG.info("added %s to %s (%s)", args.name, args.section, args.shift)
    except sqlite3.Error as exc:
        LOG.error("database error: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
