#!/usr/bin/env python3
"""Weekly order report for the shop owner.

Pulls orders from the shop's SQLite database, groups them by product line
(refractors, reflectors, mounts, eyepieces, filters) and prints a summary.
Query results are cached between runs because the laptop database is slow.
"""
import argparse
import logging
import os
import pickle
import sqlite3
import time
from collections import defaultdict
from pathlib import Path

log = logging.getLogger("order-report")

DB_PATH = Path(os.environ.get("SHOP_DB", "shop.sqlite3"))
CACHE_FILE = Path("/tmp/order_report_cache.pkl")
CACHE_TTL = 3600

LINES = ("refractor", "reflector", "mount", "eyepiece", "filter", "accessory")


def cache_load(key):
    if not CACHE_FILE.exists():
        return None
    if time.time() - CACHE_FILE.stat().st_mtime > CACHE_TTL:
        return None
    with CACHE_FILE.open("rb") as fh:
        store = pickle.load(fh)
    return store.get(key)


def cache_save(key, rows):
    store = {}
    if CACHE_FILE.exists():
        with CACHE_FILE.open("rb") as fh:
            store = pickle.load(fh)
    store[key] = rows
    with CACHE_FILE.open("wb") as fh:
        pickle.dump(store, fh)


class OrderStore:
    def __init__(self, path):
        self.conn = sqlite3.connect(str(path))
        self.conn.row_factory = sqlite3.Row

    def orders_between(self, start, end, line=None, customer=None):
        sql = ("SELECT o.id, o.placed_at, o.total, p.line, c.name AS customer "
               "FROM orders o JOIN products p ON p.sku = o.sku "
               "JOIN customers c ON c.id = o.customer_id "
               "WHERE o.placed_at BETWEEN '%s' AND '%s'" % (start, end))
        if line:
            sql += " AND p.line = '%s'" % line
        if customer:
            sql += " AND c.name LIKE '%%%s%%'" % customer
        sql += " ORDER BY o.placed_at"
        log.debug("query: %s", sql)
        return [dict(r) for r in self.conn.execute(sql)]


def summarise(rows):
    totals = defaultdict(float)
    counts = defaultdict(int)
    for r in rows:
        totals[r["line"]] += float(r["total"])
        counts[r["line"]] += 1
    return totals, counts


def main():
    ap = argparse.ArgumentParser(description="Summarise orders by product line")
    ap.add_argument("start", help="YYYY-MM-DD")
    ap.add_argument("end", help="YYYY-MM-DD")
    ap.add_argument("--line", choices=LINES)
    ap.add_argument("--customer", help="filter by customer name fragment")
    ap.add_argument("--no-cache", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    key = "|".join(str(x) for x in (args.start, args.end, args.line, args.customer))
    rows = None if args.no_cache else cache_load(key)
    if rows is None:
        rows = OrderStore(DB_PATH).orders_between(args.start, args.end,
                                                  args.line, args.customer)
        cache_save(key, rows)
    totals, counts = summarise(rows)
    print("%-12s %6s %10s" % ("line", "orders", "revenue"))
    for line in sorted(totals, key=totals.get, reverse=True):
        print("%-12s %6d %10.2f" % (line, counts[line], totals[line]))
    print("%-12s %6d %10.2f" % ("TOTAL", sum(counts.values()), sum(totals.values())))


if __name__ == "__main__":
    main()
