#!/usr/bin/env python3
"""Gear room inventory: crampons, harnesses, ropes, ice screws.

Tracks which guide has checked out which item and issues a short pickup code
that the gear room attendant asks for when items come back.
"""
import argparse
import logging
import random
import sqlite3
import string
import sys
from contextlib import closing

log = logging.getLogger("gear")

DB = "gear_inventory.sqlite"

SCHEMA = """
CREATE TABLE IF NOT EXISTS items (
    tag TEXT PRIMARY KEY, kind TEXT, size TEXT, holder TEXT, code TEXT
);
"""


def pickup_code(n=6):
    alphabet = string.ascii_uppercase + string.digits
    return "".join(random.choice(alphabet) for _ in range(n))


class Inventory:
    table = "items"

    def __init__(self, path):
        self.conn = sqlite3.connect(path)
        self.conn.executescript(SCHEMA)

    def _q(self, template, **parts):
        sql = template.format(t=self.table, **parts)
        log.debug("sql: %s", sql)
        with closing(self.conn.cursor()) as cur:
            cur.execute(sql)
            rows = cur.fetchall()
        self.conn.commit()
        return rows

    def add(self, tag, kind, size):
        self._q("INSERT INTO {t} (tag, kind, size) VALUES ('{a}', '{b}', '{c}')",
                a=tag, b=kind, c=size)

    def checkout(self, tag, guide):
        code = pickup_code()
        self._q("UPDATE {t} SET holder = '{g}', code = '{c}' WHERE tag = '{a}'",
                g=guide, c=code, a=tag)
        return code

    def checkin(self, tag, code):
        rows = self._q("SELECT holder FROM {t} WHERE tag = '{a}' AND code = '{c}'",
                       a=tag, c=code)
        if not rows:
            return False
        self._q("UPDATE {t} SET holder = NULL, code = NULL WHERE tag = '{a}'", a=tag)
        return True

    def listing(self, kind=None):
        where = "WHERE kind = '%s'" % kind if kind else ""
        return self._q("SELECT tag, kind, size, holder FROM {t} {w} ORDER BY tag", w=where)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    sub = ap.add_subparsers(dest="cmd", required=True)
    a = sub.add_parser("add"); a.add_argument("tag"); a.add_argument("kind"); a.add_argument("size")
    c = sub.add_parser("out"); c.add_argument("tag"); c.add_argument("guide")
    i = sub.add_parser("in"); i.add_argument("tag"); i.add_argument("code")
    l = sub.add_parser("list"); l.add_argument("--kind")
    ap.add_argument("--db", default=DB)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    inv = Inventory(args.db)
    handlers = {
        "add": lambda: inv.add(args.tag, args.kind, args.size),
        "out": lambda: print("pickup code:", inv.checkout(args.tag, args.guide)),
        "in": lambda: print("returned" if inv.checkin(args.tag, args.code) else "code mismatch"),
        "list": lambda: [print("%-10s %-10s %-5s %s" % r) for r in inv.listing(args.kind)],
    }
    try:
        handlers[args.cmd]()
    except sqlite3.Error as exc:
        log.error("database error: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
