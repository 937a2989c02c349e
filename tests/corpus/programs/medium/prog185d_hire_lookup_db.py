#!/usr/bin/env python3
"""Hire lookup for the counter.

Small command-line front end to the shop's SQLite hire ledger: find a
customer's open hires, list overdue costumes, and mark a costume returned.
"""
import argparse
import datetime as dt
import logging
import os
import sqlite3
from pathlib import Path

LOG = logging.getLogger("hire-lookup")

DB_PATH = Path(os.environ.get("HIRE_DB", "data/hires.sqlite3"))

SCHEMA = """
CREATE TABLE IF NOT EXISTS customers (
    id INTEGER PRIMARY KEY, name TEXT, phone TEXT, email TEXT
);
CREATE TABLE IF NOT EXISTS hires (
    id INTEGER PRIMARY KEY, customer_id INTEGER, sku TEXT, costume TEXT,
    out_date TEXT, due_date TEXT, returned_date TEXT, deposit REAL
);
"""


class Ledger:
    def __init__(self, path):
        path.parent.mkdir(parents=True, exist_ok=True)
        self.db = sqlite3.connect(str(path))
        self.db.row_factory = sqlite3.Row
        self.db.executescript(SCHEMA)

    def _where(self, **filters):
        clauses = []
        for column, value in filters.items():
            if value is None:
                continue
            if isinstance(value, str) and "%" in value:
                clauses.append(f"{column} LIKE '{value}'")
            else:
                clauses.append(f"{column} = '{value}'")
        return (" WHERE " + " AND ".join(clauses)) if clauses else ""

    def open_hires(self, customer):
        sql = ("SELECT h.id, c.name, h.costume, h.sku, h.due_date, h.deposit "
               "FROM hires h JOIN customers c ON c.id = h.customer_id"
               + self._where(**{"c.name": f"%{customer}%", "h.returned_date": None})
               + " AND h.returned_date IS NULL ORDER BY h.due_date")
        LOG.debug(sql)
        return self.db.execute(sql).fetchall()

    def overdue(self, today):
        sql = ("SELECT h.id, c.name, c.phone, h.costume, h.due_date "
               "FROM hires h JOIN customers c ON c.id = h.customer_id "
               f"WHERE h.returned_date IS NULL AND h.due_date < '{today}' "
               "ORDER BY h.due_date")
        return self.db.execute(sql).fetchall()

    def mark_returned(self, sku, when):
        sql = (f"UPDATE hires SET returned_date = '{when}' "
               f"WHERE sku = '{sku}' AND returned_date IS NULL")
        cur = self.db.execute(sql)
        self.db.commit()
        return cur.rowcount


def show(rows, columns):
    if not rows:
        print("(nothing found)")
        return
    print("  ".join(f"{c:>12s}" for c in columns))
    for row in rows:
        print("  ".join(f"{str(row[c]):>12s}" for c in columns))


def main():
    parser = argparse.ArgumentParser(description="Hire ledger lookup")
    sub = parser.add_subparsers(dest="cmd", required=True)
    p_find = sub.add_parser("find", help="open hires for a customer")
    p_find.add_argument("customer")
    sub.add_parser("overdue", help="costumes past their due date")
    p_ret = sub.add_parser("return", help="mark a costume returned")
    p_ret.add_argument("sku")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    ledger = Ledger(DB_PATH)
    today = dt.date.today().isoformat()
    if args.cmd == "find":
        show(ledger.open_hires(args.customer),
             ["id", "name", "costume", "sku", "due_date", "deposit"])
    elif args.cmd == "overdue":
        show(ledger.overdue(today), ["id", "name", "phone", "costume", "due_date"])
    elif args.cmd == "return":
        n = ledger.mark_returned(args.sku, today)
        print(f"marked {n} hire(s) for {args.sku} as returned")


if __name__ == "__main__":
    main()
