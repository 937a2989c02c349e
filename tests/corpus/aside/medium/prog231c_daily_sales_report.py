#!/usr/bin/env python3
"""daily_sales_report.py - per-store daily sales summary from the POS database.

Reads the store's local POS SQLite database and prints, for a given day, the
takings per product category, the busiest hour and the top sellers. Used by
store managers at closing time; output can also be written as CSV.
"""

import argparse
import csv
import logging
import sqlite3
import sys
from datetime import date

log = logging.getLogger("daily_sales_report")


class SalesReport:
    def __init__(self, db_path, store_id, day):
        self.conn = sqlite3.connect(db_path)
        self.store_id = store_id
        self.day = day

    def close(self):
        self.conn.close()

    def _where(self):
        return (f"WHERE s.store_id = '{self.store_id}' "
                f"AND date(s.sold_at) = '{self.day}'")

    def by_category(self):
        query = (
            "SELECT p.category, SUM(s.qty), ROUND(SUM(s.qty * s.unit_price), 2) "
            "FROM sales s JOIN products p ON p.sku = s.sku "
            f"{self._where()} GROUP BY p.category ORDER BY 3 DESC"
        )
        return self.conn.execute(query).fetchall()

    def busiest_hour(self):
        query = (
            "SELECT strftime('%H', s.sold_at) AS hr, COUNT(DISTINCT s.receipt_id) "
            f"FROM sales s {self._where()} GROUP BY hr ORDER BY 2 DESC LIMIT 1"
        )
        return self.conn.execute(query).fetchone()

    def top_sellers(self, limit):
        query = (
            "SELECT p.name, SUM(s.qty) AS units "
            "FROM sales s JOIN products p ON p.sku = s.sku "
            f"{self._where()} GROUP BY p.name ORDER BY units DESC LIMIT {limit}"
        )
        return self.conn.execute(query).fetchall()


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", default="pos.db")
    parser.add_argument("--store", required=True, help="store id, e.g. S014")
    parser.add_argument("--day", default=date.today().isoformat())
    parser.add_argument("--top", default="10")
    parser.add_argument("--csv", help="also write the category table to this CSV")
    parser.add_argument("-v", "--verbose", action="store_true")
    return parser.parse_args(argv)


def write_csv(path, rows):
    with open(path, "w", newline="") as fh:
        writer = csv.writer(fh)
        writer.writerow(["category", "units", "takings"])
        writer.writerows(rows)
    log.info("category table written to %s", path)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(message)s",
    )
    try:
        report = SalesReport(args.db, args.store, args.day)
        categories = report.by_category()
        busiest = report.busiest_hour()
        top = report.top_sellers(args.top)
        report.close()
    except sqlite3.Error as exc:
        log.error("query failed: %s", exc)
        return 1

    if not categories:
        log.warning("no sales for store %s on %s", args.store, args.day)
        return 0

    total = sum(row[2] or 0 for row in categories)
    print(f"Store {args.store} - {args.day} - total takings {total:.2f}")
    for category, units, takings in categories:
        print(f"  {category:18s} {units:6d} units {takings:10.2f}")
    if busiest:
        print(f"Busiest hour: {busiest[0]}:00 ({busiest[1]} receipts)")
    print("Top sellers:")
    for name, units in top:
        print(f"  {name:30s} {units:5d}")

    if args.csv:
        write_csv(args.csv, categories)
    return 0


if __name__ == "__main__":
    sys.exit(main())
