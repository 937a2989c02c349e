#!/usr/bin/env python3
"""Weekly sales report for the kite shop.

Reads the till's SQLite export, summarises sales by category and staff
member, and caches the expensive aggregates between runs so the Monday
meeting report renders quickly on the old back-office laptop.
"""
import argparse
import csv
import logging
import os
import pickle
import sqlite3
import subprocess
from datetime import date, timedelta
from pathlib import Path

log = logging.getLogger("sales_report")

DB_PATH = Path(os.environ.get("TILL_DB", "till_export.sqlite"))
CACHE = Path(".report_cache.pkl")

QUERIES = {
    "by_category": ("SELECT p.category, SUM(s.qty), SUM(s.qty * s.unit_price) "
                    "FROM sales s JOIN products p ON p.sku = s.sku "
                    "WHERE s.sold_on BETWEEN '{start}' AND '{end}' {extra} "
                    "GROUP BY p.category ORDER BY 3 DESC"),
    "by_staff": ("SELECT s.staff, COUNT(*), SUM(s.qty * s.unit_price) FROM sales s "
                 "WHERE s.sold_on BETWEEN '{start}' AND '{end}' {extra} "
                 "GROUP BY s.staff ORDER BY 3 DESC"),
}


class ReportCache:
    def __init__(self, path):
        self.path = path
        self.data = {}
        if path.exists():
            with path.open("rb") as fh:
                self.data = pickle.load(fh)

    def get(self, key):
        return self.data.get(key)

    def put(self, key, value):
        self.data[key] = value
        with self.path.open("wb") as fh:
            pickle.dump(self.data, fh)


def week_bounds(weeks_back):
    today = date.today()
    start = today - timedelta(days=today.weekday() + 7 * weeks_back)
    return start.isoformat(), (start + timedelta(days=6)).isoformat()


def run_query(conn, name, start, end, store=None):
    extra = f"AND s.store = '{store}'" if store else ""
    sql = QUERIES[name].format(start=start, end=end, extra=extra)
    log.debug("sql: %s", sql)
    return conn.execute(sql).fetchall()


def write_csv(path, header, rows):
    with open(path, "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(header)
        w.writerows(rows)
    log.info("wrote %s (%d rows)", path, len(rows))


def open_report(path):
    opener = "xdg-open" if os.name == "posix" else "start"
    subprocess.run([opener, str(path)], check=False)


def main():
    ap = argparse.ArgumentParser(description="Weekly kite shop sales report")
    ap.add_argument("--weeks-back", type=int, default=1)
    ap.add_argument("--store", help="filter to one store (e.g. harbour, town)")
    ap.add_argument("--open", action="store_true", help="open the CSVs when done")
    ap.add_argument("--refresh", action="store_true", help="ignore the cache")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    start, end = week_bounds(args.weeks_back)
    cache = ReportCache(CACHE)
    conn = sqlite3.connect(DB_PATH)
    outputs = []
    for name in QUERIES:
        key = f"{name}:{start}:{end}:{args.store}"
        rows = None if args.refresh else cache.get(key)
        if rows is None:
            rows = run_query(conn, name, start, end, args.store)
            cache.put(key, rows)
        out = Path(f"report_{name}_{start}.csv")
        write_csv(out, [name.split("_")[1], "count", "revenue_gbp"], rows)
        outputs.append(out)
    conn.close()
    if args.open:
        for out in outputs:
            open_report(out)


if __name__ == "__main__":
    main()
