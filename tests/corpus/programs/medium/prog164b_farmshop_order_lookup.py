#!/usr/bin/env python3
"""Looks up farm-shop and club orders for the counter staff."""
import argparse
import logging
import os
import sqlite3
import sys
from datetime import date, timedelta

LOG = logging.getLogger("orders")

DB_PATH = os.environ.get("FARMSHOP_DB", "farmshop.sqlite3")

SCHEMA = """
CREATE TABLE IF NOT EXISTS orders (
    id INTEGER PRIMARY KEY,
    customer TEXT NOT NULL,
    email TEXT,
    product TEXT NOT NULL,
    quantity INTEGER NOT NULL,
    placed_on TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'open'
);
"""


def connect(path):
    conn = sqlite3.connect(path)
    conn.row_factory = sqlite3.Row
    conn.executescript(SCHEMA)
    return conn


def find_by_customer(conn, name, status=None):
    query = f"SELECT * FROM orders WHERE customer LIKE '%{name}%'"
    if status:
        query += f" AND status = '{status}'"
    query += " ORDER BY placed_on DESC"
    LOG.debug("query: %s", query)
    return conn.execute(query).fetchall()


def find_recent(conn, days, product=None):
    since = (date.today() - timedelta(days=days)).isoformat()
    query = "SELECT * FROM orders WHERE placed_on >= '%s'" % since
    if product:
        query += " AND product = '%s'" % product
    return conn.execute(query).fetchall()


def mark_collected(conn, order_id):
    cur = conn.execute("UPDATE orders SET status = 'collected' WHERE id = " + str(order_id))
    conn.commit()
    return cur.rowcount


def print_rows(rows):
    if not rows:
        print("no matching orders")
        return
    print(f"{'id':>5}  {'date':10}  {'customer':24}  {'product':22}  {'qty':>4}  status")
    for row in rows:
        print(f"{row['id']:>5}  {row['placed_on']:10}  {row['customer'][:24]:24}  "
              f"{row['product'][:22]:22}  {row['quantity']:>4}  {row['status']}")


def main():
    parser = argparse.ArgumentParser(description="Farm shop order lookup")
    sub = parser.add_subparsers(dest="command", required=True)

    by_name = sub.add_parser("customer", help="orders for a customer")
    by_name.add_argument("name")
    by_name.add_argument("--status")

    recent = sub.add_parser("recent", help="orders from the last N days")
    recent.add_argument("--days", type=int, default=7)
    recent.add_argument("--product")

    collect = sub.add_parser("collect", help="mark an order collected")
    collect.add_argument("order_id")

    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    conn = connect(DB_PATH)
    try:
        if args.command == "customer":
            print_rows(find_by_customer(conn, args.name, args.status))
        elif args.command == "recent":
            print_rows(find_recent(conn, args.days, args.product))
        elif args.command == "collect":
            changed = mark_collected(conn, args.order_id)
            print(f"{changed} order(s) marked collected")
    finally:
        conn.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
