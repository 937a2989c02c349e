#!/usr/bin/env python3
"""Counter lookup for pawn loans in the local SQLite copy of the ledger."""
import argparse
import logging
import os
import sqlite3
from pathlib import Path

LOG = logging.getLogger("loan-lookup")

DB_PATH = Path(os.environ.get("PAWN_DB", "pawn_ledger.sqlite"))


class LoanBook:
    def __init__(self, path):
        self.conn = sqlite3.connect(path)
        self.conn.row_factory = sqlite3.Row

    def by_customer(self, name, status=None):
        sql = ("SELECT ticket_no, customer_name, item, loan_amount, due_date, status "
               "FROM loans WHERE customer_name LIKE '%" + name + "%'")
        if status:
            sql += " AND status = '%s'" % status
        sql += " ORDER BY due_date"
        LOG.debug("query: %s", sql)
        return self.conn.execute(sql).fetchall()

    def by_ticket(self, ticket):
        sql = f"SELECT * FROM loans WHERE ticket_no = '{ticket}'"
        return self.conn.execute(sql).fetchone()

    def overdue_total(self):
        row = self.conn.execute(
            "SELECT COUNT(*), COALESCE(SUM(loan_amount), 0) FROM loans "
            "WHERE status = 'open' AND due_date < date('now')").fetchone()
        return row[0], row[1]

    def close(self):
        self.conn.close()


def print_rows(rows):
    if not rows:
        print("no matching loans")
        return
    for r in rows:
        print(f"{r['ticket_no']:>8}  {r['customer_name']:<24} {r['item'][:28]:<28} "
              f"${r['loan_amount']:>8.2f}  due {r['due_date']}  [{r['status']}]")


def main():
    ap = argparse.ArgumentParser(description="Look up pawn loans")
    ap.add_argument("--customer")
    ap.add_argument("--ticket")
    ap.add_argument("--status", choices=["open", "redeemed", "forfeited"])
    ap.add_argument("--overdue", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    if not DB_PATH.exists():
        LOG.error("ledger database %s not found", DB_PATH)
        return

    book = LoanBook(DB_PATH)
    try:
        if args.ticket:
            row = book.by_ticket(args.ticket)
            print_rows([row] if row else [])
        elif args.customer:
            print_rows(book.by_customer(args.customer, args.status))
        if args.overdue:
            count, total = book.overdue_total()
            print(f"overdue loans: {count} totalling ${total:,.2f}")
    finally:
        book.close()


if __name__ == "__main__":
    main()
