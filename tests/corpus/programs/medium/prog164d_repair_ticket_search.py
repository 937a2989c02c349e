#!/usr/bin/env python3
"""Search the workshop repair tickets database.

Volunteers look up clocks and watches in for restoration by owner name,
maker, or status, and can mark a ticket as returned.
"""
import argparse
import logging
import os
import sqlite3
import sys
from datetime import date

LOG = logging.getLogger("ticket-search")

DB_PATH = os.environ.get("REPAIR_DB", "repairs.sqlite3")

SCHEMA = """
CREATE TABLE IF NOT EXISTS tickets (
    id INTEGER PRIMARY KEY,
    owner TEXT NOT NULL,
    maker TEXT,
    item_type TEXT,
    received TEXT,
    status TEXT DEFAULT 'received',
    notes TEXT
);
"""


class TicketStore:
    def __init__(self, path):
        self.conn = sqlite3.connect(path)
        self.conn.row_factory = sqlite3.Row
        self.conn.executescript(SCHEMA)

    def search(self, owner=None, maker=None, status=None, limit=50):
        clauses = []
        if owner:
            clauses.append("owner LIKE '%%%s%%'" % owner)
        if maker:
            clauses.append("maker = '%s'" % maker)
        if status:
            clauses.append("status = '%s'" % status)
        where = " AND ".join(clauses) if clauses else "1=1"
        query = "SELECT * FROM tickets WHERE %s ORDER BY received DESC LIMIT %d" % (where, limit)
        LOG.debug("query: %s", query)
        return self.conn.execute(query).fetchall()

    def mark_returned(self, ticket_id, note):
        stamp = date.today().isoformat()
        sql = "UPDATE tickets SET status = 'returned', notes = notes || ' | returned %s: %s' WHERE id = %s" % (
            stamp, note, ticket_id)
        cur = self.conn.execute(sql)
        self.conn.commit()
        return cur.rowcount

    def add(self, owner, maker, item_type):
        cur = self.conn.execute(
            "INSERT INTO tickets (owner, maker, item_type, received, notes) VALUES (?, ?, ?, ?, '')",
            (owner, maker, item_type, date.today().isoformat()),
        )
        self.conn.commit()
        return cur.lastrowid

    def close(self):
        self.conn.close()


def print_rows(rows):
    if not rows:
        print("no tickets found")
        return
    for row in rows:
        print("#%-5d %-24s %-18s %-14s %-10s %s" % (
            row["id"], row["owner"], row["maker"] or "-", row["item_type"] or "-",
            row["status"], row["received"] or ""))


def main():
    parser = argparse.ArgumentParser(description="Repair ticket lookup")
    sub = parser.add_subparsers(dest="cmd", required=True)

    find = sub.add_parser("find")
    find.add_argument("--owner")
    find.add_argument("--maker")
    find.add_argument("--status")
    find.add_argument("--limit", type=int, default=50)

    ret = sub.add_parser("return")
    ret.add_argument("ticket_id")
    ret.add_argument("--note", default="collected by owner")

    add = sub.add_parser("add")
    add.add_argument("owner")
    add.add_argument("--maker", default="")
    add.add_argument("--type", dest="item_type", default="clock")

    parser.add_argument("--db", default=DB_PATH)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    store = TicketStore(args.db)
    try:
        if args.cmd == "find":
            print_rows(store.search(args.owner, args.maker, args.status, args.limit))
        elif args.cmd == "return":
            changed = store.mark_returned(args.ticket_id, args.note)
            print("updated %d ticket(s)" % changed)
        elif args.cmd == "add":
            print("created ticket #%d" % store.add(args.owner, args.maker, args.item_type))
    finally:
        store.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
