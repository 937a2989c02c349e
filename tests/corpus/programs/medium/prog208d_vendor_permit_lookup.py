#!/usr/bin/env python3
"""Vendor permit lookup for the market office.

Keeps the trading permits of every stall in a local SQLite file and answers
questions from the office staff: who trades where, whose permit expires soon.
"""
import argparse
import csv
import datetime as dt
import logging
import sqlite3
import sys
from functools import wraps

log = logging.getLogger("permits")

SCHEMA = """
CREATE TABLE IF NOT EXISTS permits (
    permit_no TEXT PRIMARY KEY,
    vendor TEXT NOT NULL,
    pitch TEXT,
    cuisine TEXT,
    expires TEXT
)
"""

COMMANDS = {}


def command(name):
    def register(fn):
        @wraps(fn)
        def wrapper(db, args):
            db.execute(SCHEMA)
            return fn(db, args)
        COMMANDS[name] = wrapper
        return wrapper
    return register


class Query:
    table = "permits"
    columns = ("permit_no", "vendor", "pitch", "cuisine", "expires")

    def __init__(self):
        self.filters = []

    def where(self, column, value, op="="):
        self.filters.append(f"{column} {op} '{value}'")
        return self

    def sql(self):
        base = "SELECT {} FROM {}".format(", ".join(self.columns), self.table)
        if self.filters:
            base += " WHERE " + " AND ".join(self.filters)
        return base + " ORDER BY pitch"


@command("import")
def do_import(db, args):
    with open(args.value, newline="", encoding="utf-8") as fh:
        rows = [tuple(r[c] for c in Query.columns) for r in csv.DictReader(fh)]
    db.executemany("INSERT OR REPLACE INTO permits VALUES (?, ?, ?, ?, ?)", rows)
    db.commit()
    return [("imported", len(rows))]


@command("vendor")
def by_vendor(db, args):
    q = Query().where("vendor", args.value, op="LIKE")
    return db.execute(q.sql()).fetchall()


@command("pitch")
def by_pitch(db, args):
    return db.execute(Query().where("pitch", args.value).sql()).fetchall()


@command("expiring")
def expiring(db, args):
    days = int(args.value or 30)
    limit = (dt.date.today() + dt.timedelta(days=days)).isoformat()
    return db.execute(Query().where("expires", limit, op="<=").sql()).fetchall()


def main(argv=None):
    parser = argparse.ArgumentParser(description="Look up stall trading permits")
    parser.add_argument("command", choices=sorted(COMMANDS))
    parser.add_argument("value", nargs="?", default="")
    parser.add_argument("--db", default="permits.sqlite")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    try:
        with sqlite3.connect(args.db) as db:
            rows = COMMANDS[args.command](db, args)
    except (sqlite3.Error, OSError, ValueError) as exc:
        log.error("%s failed: %s", args.command, exc)
        return 1

    for row in rows:
        print("\t".join(str(v) for v in row))
    if not rows:
        log.info("no matching permits")
    return 0


if __name__ == "__main__":
    sys.exit(main())
