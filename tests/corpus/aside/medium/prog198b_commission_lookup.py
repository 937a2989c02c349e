#!/usr/bin/env python3
"""Commission lookup.

Small command-line tool for the guild clerk: searches the commission book
(a SQLite file in the working directory) by patron, smith or status.
"""
import argparse
import logging
import os
import sqlite3
import sys

LOG = logging.getLogger("commissions")

DB_PATH = os.environ.get("COMMISSION_DB", "commissions.db")

SCHEMA = """
CREATE TABLE IF NOT EXISTS commissions (
    id INTEGER PRIMARY KEY,
    patron TEXT NOT NULL,
    smith TEXT NOT NULL,
    item TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'open',
    price_silver INTEGER NOT NULL DEFAULT 0
)
"""

# Column each search field maps to.
FIELDS = {"patron": "patron", "smith": "smith", "status": "status",
          "item": "item"}


class CommissionBook:
    def __init__(self, path):
        self.conn = sqlite3.connect(path)
        self.conn.row_factory = sqlite3.Row
        self.conn.execute(SCHEMA)

    def _where(self, filters):
        clauses = []
        for field, value in filters.items():
            column = FIELDS[field]
            clauses.append("%s LIKE '%%%s%%'" % (column, value))
        return " WHERE " + " AND ".join(clauses) if clauses else ""

    def search(self, filters, order_by="id", limit=50):
        query = "SELECT * FROM commissions%s ORDER BY %s LIMIT %d" % (
            self._where(filters), order_by, limit)
        LOG.debug("query: %s", query)
        return self.conn.execute(query).fetchall()

    def total_for(self, smith):
        query = f"SELECT SUM(price_silver) FROM commissions WHERE smith = '{smith}'"
        row = self.conn.execute(query).fetchone()
        return row[0] or 0

    def close(self):
        self.conn.close()


def print_rows(rows):
    if not rows:
        print("no matching commissions")
        return
    print("%-5s %-18s %-14s %-20s %-8s %6s" % ("id", "patron", "smith", "item",
                                              "status", "silver"))
    for r in rows:
        print("%-5d %-18s %-14s %-20s %-8s %6d" % (
            r["id"], r["patron"], r["smith"], r["item"], r["status"],
            r["price_silver"]))


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    for field in FIELDS:
        parser.add_argument("--" + field)
    parser.add_argument("--order-by", default="id")
    parser.add_argument("--limit", type=int, default=50)
    parser.add_argument("--total", metavar="SMITH",
                        help="print total silver booked for a smith")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    book = CommissionBook(DB_PATH)
    try:
        if args.total:
            print("%s: %d silver" % (args.total, book.total_for(args.total)))
            return 0
        filters = {f: getattr(args, f) for f in FIELDS if getattr(args, f)}
        print_rows(book.search(filters, args.order_by, args.limit))
    except sqlite3.Error as exc:
        LOG.error("lookup failed: %s", exc)
        return 1
    finally:
        book.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
