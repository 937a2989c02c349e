#!/usr/bin/env python3
"""Quick stock lookups against the branch stock database.

Used at the counter to answer "do we have X in?" and for the weekly
short-dated stock list.
"""
import argparse
import logging
import os
import pickle
import sqlite3
import time
from datetime import date, timedelta
from pathlib import Path

LOG = logging.getLogger("stock")

DB_PATH = Path(os.environ.get("STOCK_DB", "stock.db"))
CACHE_FILE = Path(".stock_cache.pkl")
CACHE_TTL = 300


class StockDB:
    def __init__(self, path):
        self.conn = sqlite3.connect(path)
        self.conn.row_factory = sqlite3.Row

    def find(self, name, branch=None):
        sql = (
            "SELECT p.code, p.name, p.strength, s.qty, s.location, s.expiry "
            "FROM products p JOIN stock s ON s.product_code = p.code "
            f"WHERE p.name LIKE '%{name}%'"
        )
        if branch:
            sql += f" AND s.branch = '{branch}'"
        sql += " ORDER BY p.name, s.expiry"
        return [dict(r) for r in self.conn.execute(sql)]

    def short_dated(self, days, branch):
        cutoff = (date.today() + timedelta(days=days)).isoformat()
        sql = (
            "SELECT p.name, p.strength, s.qty, s.expiry FROM products p "
            "JOIN stock s ON s.product_code = p.code "
            "WHERE s.expiry <= '%s' AND s.branch = '%s' ORDER BY s.expiry" % (cutoff, branch)
        )
        return [dict(r) for r in self.conn.execute(sql)]

    def close(self):
        self.conn.close()


def load_cache():
    if not CACHE_FILE.exists():
        return {}
    if time.time() - CACHE_FILE.stat().st_mtime > CACHE_TTL:
        return {}
    with CACHE_FILE.open("rb") as fh:
        return pickle.load(fh)


def save_cache(cache):
    with CACHE_FILE.open("wb") as fh:
        pickle.dump(cache, fh)


def print_rows(rows, columns):
    if not rows:
        print("nothing found")
        return
    widths = {c: max(len(c), *(len(str(r[c])) for r in rows)) for c in columns}
    print("  ".join(c.ljust(widths[c]) for c in columns))
    for row in rows:
        print("  ".join(str(row[c]).ljust(widths[c]) for c in columns))


def main():
    parser = argparse.ArgumentParser(description="Branch stock lookup")
    sub = parser.add_subparsers(dest="cmd", required=True)
    f = sub.add_parser("find")
    f.add_argument("name")
    f.add_argument("--branch")
    s = sub.add_parser("short")
    s.add_argument("--days", type=int, default=90)
    s.add_argument("--branch", default=os.environ.get("BRANCH_ID", "0001"))
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    db = StockDB(DB_PATH)
    try:
        if args.cmd == "find":
            key = f"find:{args.name}:{args.branch}"
            cache = load_cache()
            rows = cache.get(key)
            if rows is None:
                rows = db.find(args.name, args.branch)
                cache[key] = rows
                save_cache(cache)
            print_rows(rows, ["code", "name", "strength", "qty", "location", "expiry"])
        else:
            rows = db.short_dated(args.days, args.branch)
            print_rows(rows, ["name", "strength", "qty", "expiry"])
    finally:
        db.close()


if __name__ == "__main__":
    main()
