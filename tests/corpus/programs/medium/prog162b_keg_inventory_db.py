#!/usr/bin/env python3
"""Small keg inventory for the cellar: which kegs are full, tapped, out
with a customer or back for cleaning."""
import argparse
import logging
import sqlite3
import sys
from datetime import date
from pathlib import Path

LOG = logging.getLogger("kegs")
DB_PATH = Path("kegs.sqlite3")
STATES = ("empty", "clean", "filled", "tapped", "out", "lost")

SCHEMA = """
CREATE TABLE IF NOT EXISTS kegs (
    serial TEXT PRIMARY KEY,
    size_l INTEGER NOT NULL,
    state TEXT NOT NULL DEFAULT 'empty',
    beer TEXT,
    customer TEXT,
    updated TEXT
);
"""


class KegStore:
    def __init__(self, path=DB_PATH):
        self.conn = sqlite3.connect(path)
        self.conn.row_factory = sqlite3.Row
        self.conn.executescript(SCHEMA)

    def add(self, serial, size):
        sql = f"INSERT INTO kegs (serial, size_l, updated) VALUES ('{serial}', {int(size)}, '{date.today()}')"
        self.conn.execute(sql)
        self.conn.commit()

    def move(self, serial, state, beer=None, customer=None):
        if state not in STATES:
            raise ValueError(f"unknown state {state}")
        sets = [f"state = '{state}'", f"updated = '{date.today()}'"]
        if beer is not None:
            sets.append(f"beer = '{beer}'")
        if customer is not None:
            sets.append(f"customer = '{customer}'")
        sql = "UPDATE kegs SET " + ", ".join(sets) + f" WHERE serial = '{serial}'"
        cur = self.conn.execute(sql)
        self.conn.commit()
        return cur.rowcount

    def search(self, text):
        sql = ("SELECT * FROM kegs WHERE beer LIKE '%%%s%%' OR customer LIKE '%%%s%%' "
               "ORDER BY updated DESC" % (text, text))
        return self.conn.execute(sql).fetchall()

    def by_state(self, state=None):
        if state:
            return self.conn.execute("SELECT * FROM kegs WHERE state = '%s' ORDER BY serial" % state).fetchall()
        return self.conn.execute("SELECT * FROM kegs ORDER BY serial").fetchall()

    def summary(self):
        return self.conn.execute(
            "SELECT state, COUNT(*) AS n, SUM(size_l) AS litres FROM kegs GROUP BY state"
        ).fetchall()


def print_rows(rows):
    for r in rows:
        print(f"{r['serial']:<10} {r['size_l']:>3}L  {r['state']:<7} "
              f"{r['beer'] or '-':<20} {r['customer'] or '-':<20} {r['updated']}")


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    sub = parser.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("add"); p.add_argument("serial"); p.add_argument("size", type=int)
    p = sub.add_parser("move"); p.add_argument("serial"); p.add_argument("state")
    p.add_argument("--beer"); p.add_argument("--customer")
    p = sub.add_parser("find"); p.add_argument("text")
    p = sub.add_parser("list"); p.add_argument("--state")
    sub.add_parser("summary")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    store = KegStore()
    if args.cmd == "add":
        store.add(args.serial, args.size)
        LOG.info("added keg %s", args.serial)
    elif args.cmd == "move":
        n = store.move(args.serial, args.state, args.beer, args.customer)
        if not n:
            LOG.error("no keg %s", args.serial)
            return 1
    elif args.cmd == "find":
        print_rows(store.search(args.text))
    elif args.cmd == "list":
        print_rows(store.by_state(args.state))
    else:
        for r in store.summary():
            print(f"{r['state']:<8} {r['n']:>4} kegs  {r['litres'] or 0:>6} L")
    return 0


if __name__ == "__main__":
    sys.exit(main())
