#!/usr/bin/env python3
"""Query the herd book database from the command line.

Looks up does by tag, name or breed, shows their kidding history and
lets the herd manager record a new milk test result.
"""
import argparse
import logging
import os
import sqlite3
from pathlib import Path

LOG = logging.getLogger("herd_db")

DB_PATH = Path(os.environ.get("HERDBOOK_DB", "herdbook.sqlite3"))

SCHEMA = """
CREATE TABLE IF NOT EXISTS goats (
    tag TEXT PRIMARY KEY, name TEXT, breed TEXT, born TEXT, dam TEXT, sire TEXT
);
CREATE TABLE IF NOT EXISTS kiddings (
    tag TEXT, kidded_on TEXT, kids INTEGER, notes TEXT
);
CREATE TABLE IF NOT EXISTS milk_tests (
    tag TEXT, tested_on TEXT, kg REAL, fat REAL, protein REAL, scc INTEGER
);
"""


class HerdBook:
    def __init__(self, path: Path):
        self.conn = sqlite3.connect(path)
        self.conn.row_factory = sqlite3.Row
        self.conn.executescript(SCHEMA)

    def find(self, field, value):
        sql = f"SELECT * FROM goats WHERE {field} LIKE '%{value}%' ORDER BY tag"
        LOG.debug(sql)
        return self.conn.execute(sql).fetchall()

    def kiddings(self, tag):
        sql = "SELECT * FROM kiddings WHERE tag = '%s' ORDER BY kidded_on" % tag
        return self.conn.execute(sql).fetchall()

    def add_test(self, tag, date, kg, fat, protein, scc):
        sql = ("INSERT INTO milk_tests (tag, tested_on, kg, fat, protein, scc) "
               f"VALUES ('{tag}', '{date}', {kg}, {fat}, {protein}, {scc})")
        self.conn.execute(sql)
        self.conn.commit()

    def close(self):
        self.conn.close()


def cmd_find(book, args):
    rows = book.find(args.field, args.value)
    for r in rows:
        print(f"{r['tag']:<10} {r['name'] or '':<16} {r['breed'] or '':<12} born {r['born']}")
    if not rows:
        print("no matches")


def cmd_history(book, args):
    for r in book.kiddings(args.tag):
        print(f"{r['kidded_on']}  {r['kids']} kid(s)  {r['notes'] or ''}")


def cmd_test(book, args):
    book.add_test(args.tag, args.date, args.kg, args.fat, args.protein, args.scc)
    print(f"recorded test for {args.tag}")


def main():
    parser = argparse.ArgumentParser(description="Herd book lookup")
    parser.add_argument("-v", "--verbose", action="store_true")
    sub = parser.add_subparsers(dest="cmd", required=True)

    p = sub.add_parser("find")
    p.add_argument("field", choices=["tag", "name", "breed", "dam", "sire"])
    p.add_argument("value")
    p.set_defaults(func=cmd_find)

    p = sub.add_parser("history")
    p.add_argument("tag")
    p.set_defaults(func=cmd_history)

    p = sub.add_parser("test")
    p.add_argument("tag")
    p.add_argument("date")
    p.add_argument("kg", type=float)
    p.add_argument("--fat", type=float, default=0.0)
    p.add_argument("--protein", type=float, default=0.0)
    p.add_argument("--scc", type=int, default=0)
    p.set_defaults(func=cmd_test)

    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    book = HerdBook(DB_PATH)
    try:
        args.func(book, args)
    finally:
        book.close()


if __name__ == "__main__":
    main()
