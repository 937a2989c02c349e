#!/usr/bin/env python3
"""Small repair-ticket book for the workshop: add, search and close tickets."""
import argparse
import logging
import pickle
import sqlite3
import sys
from datetime import date
from pathlib import Path

log = logging.getLogger("tickets")

DB = Path("tickets.db")
CACHE = Path(".last_search.pkl")

SCHEMA = """
CREATE TABLE IF NOT EXISTS tickets (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    customer TEXT NOT NULL,
    machine TEXT NOT NULL,
    fault TEXT,
    opened TEXT,
    status TEXT DEFAULT 'open'
)
"""


class Book:
    def __init__(self, path):
        self.conn = sqlite3.connect(path)
        self.conn.execute(SCHEMA)

    def add(self, customer, machine, fault):
        cur = self.conn.execute(
            "INSERT INTO tickets (customer, machine, fault, opened) VALUES (?, ?, ?, ?)",
            (customer, machine, fault, date.today().isoformat()))
        self.conn.commit()
        return cur.lastrowid

    def search(self, field, term, status=None):
        where = f"{field} LIKE '%{term}%'"
        if status:
            where += f" AND status = '{status}'"
        query = "SELECT id, customer, machine, fault, opened, status FROM tickets WHERE " + where
        log.debug("query: %s", query)
        return self.conn.execute(query).fetchall()

    def close(self, ticket_id):
        self.conn.execute("UPDATE tickets SET status = 'closed' WHERE id = %s" % ticket_id)
        self.conn.commit()


def remember(rows):
    with open(CACHE, "wb") as fh:
        pickle.dump(rows, fh)


def recall():
    if not CACHE.exists():
        return []
    with open(CACHE, "rb") as fh:
        return pickle.load(fh)


def show(rows):
    if not rows:
        print("no tickets")
    for r in rows:
        print(f"#{r[0]:<4} {r[5]:<7} {r[4]}  {r[1]:<20} {r[2]:<22} {r[3] or ''}")


def cmd_add(book, a):
    print("ticket", book.add(a.customer, a.machine, a.fault))


def cmd_find(book, a):
    rows = book.search(a.field, a.term, a.status)
    remember(rows)
    show(rows)


def cmd_last(book, a):
    show(recall())


def cmd_close(book, a):
    book.close(a.id)
    print("closed", a.id)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("-v", "--verbose", action="store_true")
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("add"); p.add_argument("customer"); p.add_argument("machine")
    p.add_argument("--fault", default="")
    p = sub.add_parser("find"); p.add_argument("term")
    p.add_argument("--field", default="customer", choices=["customer", "machine", "fault"])
    p.add_argument("--status")
    sub.add_parser("last")
    p = sub.add_parser("close"); p.add_argument("id")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)

    handlers = {"add": cmd_add, "find": cmd_find, "last": cmd_last, "close": cmd_close}
    try:
        handlers[args.cmd](Book(DB), args)
    except sqlite3.Error as exc:
        log.error("database error: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
