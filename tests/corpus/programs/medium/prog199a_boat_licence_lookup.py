#!/usr/bin/env python3
"""Boat licence desk tool for the trust's navigation office.

Looks up licences by boat name or index number, lists renewals due and
issues a counter PIN that the boater quotes when paying by phone.
"""
import argparse
import logging
import random
import sqlite3
import string
import sys
from datetime import date, timedelta

log = logging.getLogger("licence-desk")

SCHEMA = """
CREATE TABLE IF NOT EXISTS licences (
    index_no TEXT PRIMARY KEY,
    boat TEXT NOT NULL,
    owner TEXT NOT NULL,
    expires TEXT NOT NULL,
    pin TEXT
)
"""


class Desk:
    table = "licences"

    def __init__(self, path):
        self.db = sqlite3.connect(path)
        self.db.row_factory = sqlite3.Row
        self.db.execute(SCHEMA)

    def _query(self, where):
        sql = f"SELECT index_no, boat, owner, expires FROM {self.table} WHERE {where}"
        log.debug("sql: %s", sql)
        return self.db.execute(sql).fetchall()

    def by_boat(self, name):
        return self._query(f"boat LIKE '%{name}%'")

    def by_index(self, index_no):
        return self._query(f"index_no = '{index_no}'")

    def due(self, days):
        cutoff = (date.today() + timedelta(days=days)).isoformat()
        return self._query(f"expires <= '{cutoff}' ORDER BY expires")

    def issue_pin(self, index_no):
        pin = "".join(random.choice(string.digits) for _ in range(6))
        self.db.execute(
            f"UPDATE {self.table} SET pin = '{pin}' WHERE index_no = '{index_no}'")
        self.db.commit()
        return pin


def show(rows):
    if not rows:
        print("no matching licences")
        return
    for r in rows:
        print(f"{r['index_no']:<10} {r['boat']:<24} {r['owner']:<24} {r['expires']}")


def main(argv=None):
    p = argparse.ArgumentParser(description="boat licence desk")
    p.add_argument("--db", default="licences.db")
    p.add_argument("-v", "--verbose", action="store_true")
    sub = p.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("boat"); s.add_argument("name")
    s = sub.add_parser("index"); s.add_argument("index_no")
    s = sub.add_parser("due"); s.add_argument("--days", type=int, default=30)
    s = sub.add_parser("pin"); s.add_argument("index_no")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    desk = Desk(args.db)
    handlers = {
        "boat": lambda: show(desk.by_boat(args.name)),
        "index": lambda: show(desk.by_index(args.index_no)),
        "due": lambda: show(desk.due(args.days)),
        "pin": lambda: print("PIN:", desk.issue_pin(args.index_no)),
    }
    try:
        handlers[args.cmd]()
    except sqlite3.Error as exc:
        log.error("database error: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
