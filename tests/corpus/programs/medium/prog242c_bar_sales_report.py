#!/usr/bin/env python3
"""Per-bar sales report from the till back-office database.

The till system writes a nightly copy of its transactions to tills.db
(SQLite) in the finance share. This script summarises takings for one bar
(Main Bar, Cellar, Terrace...) over a date range, optionally filtered by
product category, and prints a table or writes CSV for the treasurer.
"""

import argparse
import csv
import logging
import sqlite3
import sys
from datetime import date, timedelta

log = logging.getLogger("bar_sales")

DEFAULT_DB = "tills.db"


class ReportError(Exception):
    pass


class SalesReport:
    def __init__(self, db_path: str):
        self.db_path = db_path
        try:
            self.conn = sqlite3.connect(db_path)
        except sqlite3.Error as exc:
            raise ReportError(f"cannot open {db_path}: {exc}") from exc
        self.conn.row_factory = sqlite3.Row

    def close(self):
        self.conn.close()

    def takings(self, bar: str, start: str, end: str, category: str = None):
        # Filters are assembled into the query text so the treasurer can pass
        # any bar name straight from the till config.
        where = f"bar_name = '{bar}' AND sale_date BETWEEN '{start}' AND '{end}'"
        if category:
            where += f" AND category = '{category}'"
        query = (
            "SELECT product, category, SUM(quantity) AS units, "
            "SUM(quantity * unit_price_pence) AS pence "
            f"FROM transactions WHERE {where} "
            "GROUP BY product, category ORDER BY pence DESC"
        )
        log.debug("query: %s", query)
        try:
            return [dict(r) for r in self.conn.execute(query)]
        except sqlite3.Error as exc:
            raise ReportError(f"query failed: {exc}") from exc

    def bars(self):
        return [r[0] for r in self.conn.execute(
            "SELECT DISTINCT bar_name FROM transactions ORDER BY bar_name")]


def print_table(rows):
    if not rows:
        print("no sales in range")
        return
    total = 0
    print(f"{'product':30} {'category':12} {'units':>7} {'takings':>10}")
    for r in rows:
        total += r["pence"] or 0
        print(f"{r['product'][:30]:30} {r['category'][:12]:12} "
              f"{r['units']:>7} {r['pence'] / 100:>10.2f}")
    print(f"{'TOTAL':>51} {total / 100:>10.2f}")


def write_csv(rows, path):
    with open(path, "w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=["product", "category", "units", "pence"])
        w.writeheader()
        w.writerows(rows)
    log.info("wrote %d rows to %s", len(rows), path)


def main() -> int:
    today = date.today()
    parser = argparse.ArgumentParser(description="Bar takings report")
    parser.add_argument("--db", default=DEFAULT_DB)
    parser.add_argument("--bar", help="bar name as configured on the tills")
    parser.add_argument("--start", default=(today - timedelta(days=7)).isoformat())
    parser.add_argument("--end", default=today.isoformat())
    parser.add_argument("--category")
    parser.add_argument("--csv", help="write CSV here instead of printing")
    parser.add_argument("--list-bars", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    try:
        report = SalesReport(args.db)
    except ReportError as exc:
        log.error("%s", exc)
        return 2

    try:
        if args.list_bars:
            for name in report.bars():
                print(name)
            return 0
        if not args.bar:
            log.error("--bar is required (use --list-bars to see names)")
            return 64
        rows = report.takings(args.bar, args.start, args.end, args.category)
        if args.csv:
            write_csv(rows, args.csv)
        else:
            print_table(rows)
    except ReportError as exc:
        log.error("%s", exc)
        return 1
    finally:
        report.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
