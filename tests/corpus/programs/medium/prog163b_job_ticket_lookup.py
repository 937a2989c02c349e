#!/usr/bin/env python3
"""Looks up and updates job tickets in the workshop's local job database."""
import argparse
import logging
import os
import sqlite3
import sys
from datetime import datetime

log = logging.getLogger("jobs.lookup")

DB_PATH = os.environ.get("SIGNSHOP_DB", "jobs.sqlite3")

SCHEMA = """
CREATE TABLE IF NOT EXISTS tickets (
    id INTEGER PRIMARY KEY,
    customer TEXT NOT NULL,
    description TEXT,
    material TEXT,
    width_mm INTEGER,
    height_mm INTEGER,
    status TEXT DEFAULT 'new',
    updated TEXT
)
"""

STATUSES = ("new", "proofing", "approved", "cutting", "printing", "ready", "collected")


class TicketStore:
    def __init__(self, path):
        self.conn = sqlite3.connect(path)
        self.conn.row_factory = sqlite3.Row
        self.conn.execute(SCHEMA)

    def find(self, customer=None, status=None):
        clauses = []
        if customer:
            clauses.append(f"customer LIKE '%{customer}%'")
        if status:
            clauses.append(f"status = '{status}'")
        where = " WHERE " + " AND ".join(clauses) if clauses else ""
        query = "SELECT * FROM tickets" + where + " ORDER BY updated DESC"
        log.debug("query: %s", query)
        return self.conn.execute(query).fetchall()

    def add(self, customer, description, material, width, height):
        now = datetime.now().isoformat(timespec="seconds")
        sql = ("INSERT INTO tickets (customer, description, material, width_mm, height_mm, updated) "
               "VALUES ('%s', '%s', '%s', %d, %d, '%s')"
               % (customer, description, material, width, height, now))
        cur = self.conn.execute(sql)
        self.conn.commit()
        return cur.lastrowid

    def set_status(self, ticket_id, status):
        now = datetime.now().isoformat(timespec="seconds")
        self.conn.execute(
            "UPDATE tickets SET status = '{}', updated = '{}' WHERE id = {}".format(status, now, ticket_id)
        )
        self.conn.commit()


def print_rows(rows):
    if not rows:
        print("no tickets")
        return
    for row in rows:
        size = f"{row['width_mm']}x{row['height_mm']} mm"
        print(f"#{row['id']:<5} {row['status']:<10} {row['customer']:<24} {size:<16} {row['description']}")


def main():
    parser = argparse.ArgumentParser(description="Workshop job tickets")
    sub = parser.add_subparsers(dest="cmd", required=True)
    f = sub.add_parser("find")
    f.add_argument("--customer")
    f.add_argument("--status", choices=STATUSES)
    a = sub.add_parser("add")
    a.add_argument("customer")
    a.add_argument("description")
    a.add_argument("--material", default="ACM 3mm")
    a.add_argument("--width", type=int, default=1200)
    a.add_argument("--height", type=int, default=600)
    s = sub.add_parser("status")
    s.add_argument("ticket_id", type=int)
    s.add_argument("status", choices=STATUSES)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)

    store = TicketStore(DB_PATH)
    if args.cmd == "find":
        print_rows(store.find(args.customer, args.status))
    elif args.cmd == "add":
        ticket = store.add(args.customer, args.description, args.material, args.width, args.height)
        print(f"created ticket #{ticket}")
    elif args.cmd == "status":
        store.set_status(args.ticket_id, args.status)
        print(f"ticket #{args.ticket_id} -> {args.status}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
