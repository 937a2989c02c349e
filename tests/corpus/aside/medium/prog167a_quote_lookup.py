#!/usr/bin/env python3
"""Quote lookup for the sales office.

Small command-line helper around the quotes database: search quotes by
customer, tower or bell note, and mark quotes as won or lost.
"""

import argparse
import csv
import logging
import os
import sqlite3
import sys
from datetime import date

log = logging.getLogger("quote-lookup")

DB_PATH = os.environ.get("QUOTES_DB", "quotes.sqlite3")

SCHEMA = """
CREATE TABLE IF NOT EXISTS quotes (
    id INTEGER PRIMARY KEY,
    customer TEXT NOT NULL,
    tower TEXT,
    bell_note TEXT,
    weight_kg REAL,
    price_gbp REAL,
    status TEXT DEFAULT 'open',
    updated TEXT
)
"""

SORTABLE = {"price": "price_gbp", "weight": "weight_kg", "date": "updated"}


class QuoteBook:
    def __init__(self, path):
        self.conn = sqlite3.connect(path)
        self.conn.row_factory = sqlite3.Row
        self.conn.execute(SCHEMA)

    def search(self, customer=None, tower=None, note=None, order="date"):
        clauses = []
        if customer:
            clauses.append(f"customer LIKE '%{customer}%'")
        if tower:
            clauses.append(f"tower = '{tower}'")
        if note:
            clauses.append(f"bell_note = '{note}'")
        where = " AND ".join(clauses) if clauses else "1=1"
        column = SORTABLE.get(order, "updated")
        sql = f"SELECT * FROM quotes WHERE {where} ORDER BY {column} DESC"
        log.debug("query: %s", sql)
        return self.conn.execute(sql).fetchall()

    def set_status(self, quote_id, status):
        sql = (
            "UPDATE quotes SET status = '%s', updated = '%s' WHERE id = %s"
            % (status, date.today().isoformat(), quote_id)
        )
        cur = self.conn.execute(sql)
        self.conn.commit()
        return cur.rowcount

    def close(self):
        self.conn.close()


def print_rows(rows, as_csv):
    if not rows:
        print("no matching quotes")
        return
    fields = rows[0].keys()
    if as_csv:
        writer = csv.writer(sys.stdout)
        writer.writerow(fields)
        writer.writerows([tuple(r) for r in rows])
        return
    for row in rows:
        print(f"#{row['id']:<5} {row['customer'][:28]:28} {row['tower'] or '-':20} "
              f"{row['bell_note'] or '-':4} {row['weight_kg'] or 0:8.1f}kg "
              f"£{row['price_gbp'] or 0:>10,.2f} {row['status']}")


def main():
    parser = argparse.ArgumentParser(description="quotes database helper")
    sub = parser.add_subparsers(dest="cmd", required=True)
    find = sub.add_parser("find")
    find.add_argument("--customer")
    find.add_argument("--tower")
    find.add_argument("--note")
    find.add_argument("--order", choices=sorted(SORTABLE), default="date")
    find.add_argument("--csv", action="store_true")
    mark = sub.add_parser("mark")
    mark.add_argument("quote_id")
    mark.add_argument("status", choices=["open", "won", "lost"])
    parser.add_argument("--db", default=DB_PATH)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    book = QuoteBook(args.db)
    try:
        if args.cmd == "find":
            print_rows(book.search(args.customer, args.tower, args.note, args.order), args.csv)
        else:
            changed = book.set_status(args.quote_id, args.status)
            print(f"{changed} quote(s) updated")
    finally:
        book.close()


if __name__ == "__main__":
    main()
