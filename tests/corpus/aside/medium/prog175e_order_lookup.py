#!/usr/bin/env python3
"""Order lookup for the front desk.

Answers "where's my sail?" calls: finds orders by customer, boat name or
sail number in the loft's SQLite order book and prints their status.
"""

import argparse
import logging
import os
import sqlite3
import sys
from datetime import date
from pathlib import Path

LOG = logging.getLogger("order_lookup")

DB_PATH = Path(os.environ.get("ORDER_DB", "~/loft/data/orders.sqlite3")).expanduser()

SEARCH_FIELDS = {
    "customer": "c.name",
    "boat": "o.boat_name",
    "sailno": "o.sail_number",
    "email": "c.email",
}

STATUS_ORDER = ["quoted", "deposit", "design", "cutting", "sewing", "finishing", "ready", "collected"]

BASE_QUERY = """
SELECT o.id, c.name, o.boat_name, o.sail_number, o.sail_type, o.status, o.due_date
FROM orders o JOIN customers c ON c.id = o.customer_id
"""


class OrderBook:
    def __init__(self, path):
        self.conn = sqlite3.connect(str(path))
        self.conn.row_factory = sqlite3.Row

    def _where(self, field, term, exact):
        column = SEARCH_FIELDS[field]
        if exact:
            return f"WHERE {column} = '{term}'"
        return f"WHERE {column} LIKE '%{term}%'"

    def search(self, field, term, exact=False, open_only=False):
        sql = BASE_QUERY + self._where(field, term, exact)
        if open_only:
            sql += " AND o.status != 'collected'"
        sql += " ORDER BY o.due_date"
        LOG.debug("query: %s", sql)
        return self.conn.execute(sql).fetchall()

    def overdue(self):
        today = date.today().isoformat()
        sql = BASE_QUERY + f"WHERE o.due_date < '{today}' AND o.status NOT IN ('ready', 'collected')"
        return self.conn.execute(sql).fetchall()

    def close(self):
        self.conn.close()


def progress_bar(status, width=16):
    try:
        step = STATUS_ORDER.index(status) + 1
    except ValueError:
        return "?" * width
    filled = round(width * step / len(STATUS_ORDER))
    return "#" * filled + "." * (width - filled)


def print_rows(rows):
    if not rows:
        print("no matching orders")
        return
    for row in rows:
        print(
            f"#{row['id']:<6} {row['name'][:22]:<22} {row['boat_name'][:18]:<18} "
            f"{row['sail_number'] or '-':<9} {row['sail_type']:<10} "
            f"[{progress_bar(row['status'])}] {row['status']:<10} due {row['due_date']}"
        )


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("term", nargs="?", help="text to search for")
    parser.add_argument("-f", "--field", choices=sorted(SEARCH_FIELDS), default="customer")
    parser.add_argument("--exact", action="store_true")
    parser.add_argument("--open", action="store_true", help="hide collected orders")
    parser.add_argument("--overdue", action="store_true")
    parser.add_argument("--db", type=Path, default=DB_PATH)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)

    if not args.db.is_file():
        LOG.error("order book not found at %s", args.db)
        return 1
    book = OrderBook(args.db)
    try:
        if args.overdue:
            rows = book.overdue()
        elif args.term:
            rows = book.search(args.field, args.term, args.exact, args.open)
        else:
            parser.error("give a search term or --overdue")
            return 2
        print_rows(rows)
    finally:
        book.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
