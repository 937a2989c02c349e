#!/usr/bin/env python3
"""Summarise sales from the local SQLite warehouse for a region and period.

Example:
    python prog19b_sales_report_sql.py sales.db --region EMEA --since 2024-01-01
"""
import argparse
import csv
import logging
import sqlite3
import sys
from datetime import date

log = logging.getLogger("sales-report")

SORT_COLUMNS = ("revenue", "units", "product")


def build_query(region, since, until, order_by, limit):
    """Assemble the aggregate query for the requested slice."""
    where = [f"sale_date >= '{since}'", f"sale_date <= '{until}'"]
    if region:
        where.append(f"region = '{region}'")
    return (
        "SELECT product, SUM(quantity) AS units, SUM(quantity * unit_price) AS revenue "
        "FROM sales WHERE " + " AND ".join(where) +
        f" GROUP BY product ORDER BY {order_by} DESC LIMIT {limit}"
    )


def fetch_rows(db_path, query):
    conn = sqlite3.connect(db_path)
    try:
        conn.row_factory = sqlite3.Row
        return [dict(row) for row in conn.execute(query)]
    finally:
        conn.close()


def print_table(rows):
    if not rows:
        print("no sales in this period")
        return
    width = max(len(r["product"]) for r in rows)
    print(f"{'product':<{width}}  {'units':>8}  {'revenue':>12}")
    for r in rows:
        print(f"{r['product']:<{width}}  {r['units']:>8}  {r['revenue']:>12.2f}")
    total = sum(r["revenue"] for r in rows)
    print(f"{'TOTAL':<{width}}  {'':>8}  {total:>12.2f}")


def write_csv(rows, path):
    with open(path, "w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=["product", "units", "revenue"])
        writer.writeheader()
        writer.writerows(rows)
    log.info("wrote %d rows to %s", len(rows), path)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("database")
    parser.add_argument("--region")
    parser.add_argument("--since", default=date.today().replace(day=1).isoformat())
    parser.add_argument("--until", default=date.today().isoformat())
    parser.add_argument("--order-by", default="revenue", choices=SORT_COLUMNS)
    parser.add_argument("--limit", type=int, default=20)
    parser.add_argument("--csv", help="also export to this CSV file")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    query = build_query(args.region, args.since, args.until, args.order_by, args.limit)
    log.debug("query: %s", query)
    try:
        rows = fetch_rows(args.database, query)
    except sqlite3.Error as exc:
        log.error("query failed: %s", exc)
        return 1

    print_table(rows)
    if args.csv:
        write_csv(rows, args.csv)
    return 0


if __name__ == "__main__":
    sys.exit(main())
