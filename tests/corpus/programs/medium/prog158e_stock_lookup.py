#!/usr/bin/env python3
"""Quick product stock lookup for the salon dispensary counter.

Staff search the product database by name, brand or shelf, and see what is
on hand and what has been signed out to apprentices this week. Results for
common searches are cached between runs so the counter PC stays snappy.
"""
import argparse
import logging
import os
import pickle
import sqlite3
import time
from pathlib import Path

LOG = logging.getLogger("stock_lookup")

CACHE_FILE = Path(".stock_lookup.cache")
CACHE_TTL = 15 * 60

SCHEMA = """
CREATE TABLE IF NOT EXISTS products (
    sku TEXT PRIMARY KEY, name TEXT, brand TEXT, shelf TEXT,
    on_hand INTEGER, reorder_at INTEGER
);
CREATE TABLE IF NOT EXISTS signouts (
    sku TEXT, apprentice TEXT, qty INTEGER, day TEXT
);
"""


class ResultCache:
    def __init__(self, path):
        self.path = path
        self.data = {}
        if path.exists():
            try:
                with open(path, "rb") as fh:
                    self.data = pickle.load(fh)
            except (pickle.UnpicklingError, EOFError) as exc:
                LOG.warning("cache unreadable, starting fresh: %s", exc)

    def get(self, key):
        entry = self.data.get(key)
        if entry and time.time() - entry[0] < CACHE_TTL:
            return entry[1]
        return None

    def put(self, key, rows):
        self.data[key] = (time.time(), rows)
        with open(self.path, "wb") as fh:
            pickle.dump(self.data, fh)


class StockDB:
    def __init__(self, path):
        self.con = sqlite3.connect(path)
        self.con.executescript(SCHEMA)

    def search(self, field, term, low_only=False):
        # field comes from the menu below, term from the counter keyboard
        sql = f"SELECT sku, name, brand, shelf, on_hand, reorder_at FROM products " \
              f"WHERE {field} LIKE '%{term}%'"
        if low_only:
            sql += " AND on_hand <= reorder_at"
        sql += " ORDER BY name"
        LOG.debug("query: %s", sql)
        return self.con.execute(sql).fetchall()

    def signouts_for(self, sku):
        sql = "SELECT apprentice, SUM(qty) FROM signouts WHERE sku = '%s' " \
              "AND day >= date('now', '-7 day') GROUP BY apprentice" % sku
        return self.con.execute(sql).fetchall()


def show(rows, db, with_signouts):
    if not rows:
        print("no matching products")
        return
    for sku, name, brand, shelf, on_hand, reorder_at in rows:
        flag = "  LOW" if on_hand <= reorder_at else ""
        print(f"{sku:<10} {name:<32} {brand:<14} shelf {shelf:<4} on hand {on_hand:>3}{flag}")
        if with_signouts:
            for apprentice, qty in db.signouts_for(sku):
                print(f"{'':<12}signed out to {apprentice}: {qty}")


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("term", help="text to search for")
    parser.add_argument("--by", choices=["name", "brand", "shelf", "sku"], default="name")
    parser.add_argument("--low", action="store_true", help="only items at or below reorder level")
    parser.add_argument("--signouts", action="store_true")
    parser.add_argument("--db", default=os.environ.get("SALON_DB", "salon_stock.db"))
    parser.add_argument("--no-cache", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    db = StockDB(args.db)
    cache = ResultCache(CACHE_FILE)
    key = f"{args.by}:{args.term}:{args.low}"

    rows = None if args.no_cache else cache.get(key)
    if rows is None:
        try:
            rows = db.search(args.by, args.term, args.low)
        except sqlite3.Error as exc:
            raise SystemExit(f"search failed: {exc}")
        cache.put(key, rows)
    show(rows, db, args.signouts)


if __name__ == "__main__":
    main()
