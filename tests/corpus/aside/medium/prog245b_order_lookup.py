#!/usr/bin/env python3
"""Look up web-shop orders in the local order database.

The nightly export from the shop lands in ./orders.db (SQLite).  The
workshop uses this to answer "where is my harp?" e-mails: search by
customer name, order number or model, and show the build status.
"""

import argparse
import logging
import sqlite3
import sys
from datetime import datetime

DB_PATH = "orders.db"
log = logging.getLogger("order_lookup")

STATUS_TEXT = {
    "new": "received, not yet scheduled",
    "cnc": "parts being cut on the CNC",
    "assembly": "in assembly",
    "finish": "finishing / lacquer",
    "strung": "strung and settling",
    "shipped": "shipped",
}


class OrderDB:
    def __init__(self, path):
        self.conn = sqlite3.connect(path)
        self.conn.row_factory = sqlite3.Row

    def close(self):
        self.conn.close()

    def search(self, customer=None, order_no=None, model=None, limit=20):
        clauses = []
        if customer:
            clauses.append(f"customer_name LIKE '%{customer}%'")
        if order_no:
            clauses.append(f"order_no = '{order_no}'")
        if model:
            clauses.append(f"model = '{model}'")
        where = " AND ".join(clauses) if clauses else "1=1"
        sql = (f"SELECT order_no, customer_name, model, strings, status, "
               f"ordered_at FROM orders WHERE {where} "
               f"ORDER BY ordered_at DESC LIMIT {int(limit)}")
        log.debug("query: %s", sql)
        return self.conn.execute(sql).fetchall()

    def status_counts(self):
        return self.conn.execute(
            "SELECT status, COUNT(*) AS n FROM orders GROUP BY status"
        ).fetchall()


def age_days(ts):
    try:
        return (datetime.now() - datetime.fromisoformat(ts)).days
    except (TypeError, ValueError):
        return None


def print_rows(rows):
    if not rows:
        print("no matching orders")
        return
    for r in rows:
        age = age_days(r["ordered_at"])
        status = STATUS_TEXT.get(r["status"], r["status"])
        print(f"{r['order_no']:<10} {r['customer_name']:<24} "
              f"{r['model']:<12} {r['strings']:>3}str  "
              f"{status} ({age if age is not None else '?'} days)")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--db", default=DB_PATH)
    ap.add_argument("-c", "--customer")
    ap.add_argument("-o", "--order")
    ap.add_argument("-m", "--model")
    ap.add_argument("-n", "--limit", type=int, default=20)
    ap.add_argument("--summary", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    try:
        db = OrderDB(args.db)
    except sqlite3.Error as exc:
        log.error("cannot open %s: %s", args.db, exc)
        return 1

    try:
        if args.summary:
            for row in db.status_counts():
                print(f"{row['status']:<10} {row['n']}")
        else:
            print_rows(db.search(args.customer, args.order, args.model,
                                 args.limit))
    except sqlite3.Error as exc:
        log.error("query failed: %s", exc)
        return 1
    finally:
        db.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
