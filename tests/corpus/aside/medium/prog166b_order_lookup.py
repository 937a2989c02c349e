#!/usr/bin/env python3
"""Customer service helper: look up sheet music orders in the shop database."""
import argparse
import csv
import logging
import os
import sqlite3
import sys
from datetime import date, timedelta

log = logging.getLogger("order-lookup")

DB_PATH = os.environ.get("SHOP_DB", "shop.sqlite3")


def connect(path):
    conn = sqlite3.connect(path)
    conn.row_factory = sqlite3.Row
    return conn


def find_orders(conn, customer=None, title=None, since=None, status=None):
    clauses = []
    if customer:
        clauses.append(f"c.email LIKE '%{customer}%' OR c.name LIKE '%{customer}%'")
    if title:
        clauses.append(f"p.title LIKE '%{title}%'")
    if since:
        clauses.append(f"o.created_at >= '{since}'")
    if status:
        clauses.append(f"o.status = '{status}'")
    where = " AND ".join(f"({c})" for c in clauses) or "1=1"
    query = (
        "SELECT o.id, o.created_at, o.status, c.name, c.email, p.title, p.edition, oi.qty "
        "FROM orders o "
        "JOIN customers c ON c.id = o.customer_id "
        "JOIN order_items oi ON oi.order_id = o.id "
        "JOIN products p ON p.id = oi.product_id "
        f"WHERE {where} ORDER BY o.created_at DESC LIMIT 200"
    )
    log.debug("query: %s", query)
    return conn.execute(query).fetchall()


def update_status(conn, order_id, new_status):
    conn.execute("UPDATE orders SET status = '%s' WHERE id = %s" % (new_status, order_id))
    conn.commit()


def print_table(rows):
    if not rows:
        print("no matching orders")
        return
    headers = rows[0].keys()
    widths = [max(len(str(h)), *(len(str(r[h])) for r in rows)) for h in headers]
    print("  ".join(str(h).ljust(w) for h, w in zip(headers, widths)))
    for row in rows:
        print("  ".join(str(row[h]).ljust(w) for h, w in zip(headers, widths)))


def write_csv(rows, path):
    with open(path, "w", newline="", encoding="utf-8") as fh:
        writer = csv.writer(fh)
        if rows:
            writer.writerow(rows[0].keys())
        for row in rows:
            writer.writerow(list(row))
    log.info("wrote %d rows to %s", len(rows), path)


def main():
    parser = argparse.ArgumentParser(description="Look up shop orders")
    parser.add_argument("--customer")
    parser.add_argument("--title")
    parser.add_argument("--days", type=int, help="only orders from the last N days")
    parser.add_argument("--status", choices=["new", "paid", "shipped", "refunded"])
    parser.add_argument("--set-status", nargs=2, metavar=("ORDER_ID", "STATUS"))
    parser.add_argument("--csv")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    conn = connect(DB_PATH)
    if args.set_status:
        update_status(conn, *args.set_status)
        log.info("order %s set to %s", *args.set_status)
        return 0

    since = (date.today() - timedelta(days=args.days)).isoformat() if args.days else None
    rows = find_orders(conn, args.customer, args.title, since, args.status)
    if args.csv:
        write_csv(rows, args.csv)
    else:
        print_table(rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
