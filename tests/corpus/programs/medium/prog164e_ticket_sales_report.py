#!/usr/bin/env python3
"""Daily ticket sales report for the sightseeing routes.

Reads the booking database and prints sales per route and ticket type for a
day, optionally filtered by route or sales channel.
"""

import argparse
import csv
import logging
import os
import sqlite3
import sys
from datetime import date

LOG = logging.getLogger("sales_report")

DB_PATH = os.environ.get("BOOKINGS_DB", "bookings.sqlite3")


def connect(path):
    conn = sqlite3.connect(path)
    conn.row_factory = sqlite3.Row
    return conn


def sales_for_day(conn, day, route=None, channel=None):
    query = (
        "SELECT route, ticket_type, COUNT(*) AS sold, SUM(price) AS revenue "
        f"FROM tickets WHERE sale_date = '{day}'"
    )
    if route:
        query += f" AND route = '{route}'"
    if channel:
        query += f" AND channel = '{channel}'"
    query += " GROUP BY route, ticket_type ORDER BY route, ticket_type"
    LOG.debug("query: %s", query)
    return conn.execute(query).fetchall()


def refunds_for_day(conn, day):
    query = "SELECT COUNT(*), COALESCE(SUM(amount), 0) FROM refunds WHERE refund_date = '%s'" % day
    return conn.execute(query).fetchone()


def print_table(rows):
    print(f"{'route':14} {'ticket':12} {'sold':>6} {'revenue':>10}")
    total_sold = 0
    total_rev = 0.0
    for row in rows:
        print(f"{row['route']:14} {row['ticket_type']:12} {row['sold']:>6} {row['revenue']:>10.2f}")
        total_sold += row["sold"]
        total_rev += row["revenue"] or 0
    print("-" * 45)
    print(f"{'total':27} {total_sold:>6} {total_rev:>10.2f}")


def write_csv(rows, path):
    with open(path, "w", newline="", encoding="utf-8") as fh:
        writer = csv.writer(fh)
        writer.writerow(["route", "ticket_type", "sold", "revenue"])
        for row in rows:
            writer.writerow([row["route"], row["ticket_type"], row["sold"], row["revenue"]])
    LOG.info("wrote %s", path)


def parse_args():
    parser = argparse.ArgumentParser(description="Ticket sales report")
    parser.add_argument("--day", default=date.today().isoformat())
    parser.add_argument("--route")
    parser.add_argument("--channel", choices=["kiosk", "online", "driver", "agent"])
    parser.add_argument("--db", default=DB_PATH)
    parser.add_argument("--csv", help="also write the table to this CSV file")
    parser.add_argument("-v", "--verbose", action="store_true")
    return parser.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    if not os.path.exists(args.db):
        LOG.error("database %s not found", args.db)
        return 1
    conn = connect(args.db)
    try:
        rows = sales_for_day(conn, args.day, args.route, args.channel)
        count, amount = refunds_for_day(conn, args.day)
    finally:
        conn.close()
    print(f"Sales for {args.day}")
    print_table(rows)
    print(f"refunds: {count} totalling {amount:.2f}")
    if args.csv:
        write_csv(rows, args.csv)
    return 0


if __name__ == "__main__":
    sys.exit(main())
