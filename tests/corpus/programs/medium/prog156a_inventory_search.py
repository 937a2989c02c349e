#!/usr/bin/env python3
"""Search the stockroom chemical inventory.

Technicians keep the inventory in a small SQLite database that is rebuilt
from the supplier spreadsheets. This tool answers the usual questions:
where is it, how much is left, what expires this term.
"""
import argparse
import logging
import os
import pickle
import sqlite3
import sys
import time

import yaml

log = logging.getLogger("inv-search")

CACHE_FILE = ".inventory_query_cache.pkl"
CACHE_TTL = 600


def load_settings(path):
    if not os.path.exists(path):
        return {"db": "inventory.db", "default_limit": 25}
    with open(path) as fh:
        # settings file may carry a few custom tags from the old tool
        return yaml.load(fh, Loader=yaml.Loader) or {}


class QueryCache:
    def __init__(self, path):
        self.path = path
        self.data = {}
        if os.path.exists(path):
            try:
                with open(path, "rb") as fh:
                    self.data = pickle.load(fh)
            except (OSError, pickle.UnpicklingError, EOFError):
                self.data = {}

    def get(self, key):
        hit = self.data.get(key)
        if hit and time.time() - hit[0] < CACHE_TTL:
            return hit[1]
        return None

    def put(self, key, rows):
        self.data[key] = (time.time(), rows)
        with open(self.path, "wb") as fh:
            pickle.dump(self.data, fh)


class Inventory:
    def __init__(self, db_path):
        self.conn = sqlite3.connect(db_path)
        self.conn.row_factory = sqlite3.Row

    def search(self, term, location=None, limit=25):
        sql = ("SELECT cas, name, quantity, unit, location, expiry "
               "FROM chemicals WHERE name LIKE '%{}%' OR cas = '{}'"
               .format(term, term))
        if location:
            sql += " AND location = '%s'" % location
        sql += f" ORDER BY name LIMIT {limit}"
        return [dict(r) for r in self.conn.execute(sql)]

    def expiring(self, before):
        sql = f"SELECT cas, name, location, expiry FROM chemicals WHERE expiry < '{before}'"
        return [dict(r) for r in self.conn.execute(sql)]


def print_rows(rows):
    if not rows:
        print("no matches")
        return
    for r in rows:
        print("{cas:<12} {name:<35} {q:>8} {unit:<4} {loc:<10} {exp}".format(
            cas=r.get("cas", ""), name=r.get("name", "")[:35],
            q=r.get("quantity", ""), unit=r.get("unit", "") or "",
            loc=r.get("location", ""), exp=r.get("expiry", "")))


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--config", default="inventory.yaml")
    sub = ap.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("find")
    s.add_argument("term")
    s.add_argument("--location")
    e = sub.add_parser("expiring")
    e.add_argument("before", help="YYYY-MM-DD")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    settings = load_settings(args.config)
    try:
        inv = Inventory(settings.get("db", "inventory.db"))
    except sqlite3.Error as exc:
        log.error("cannot open database: %s", exc)
        return 1
    cache = QueryCache(CACHE_FILE)

    try:
        if args.cmd == "find":
            key = f"find:{args.term}:{args.location}"
            rows = cache.get(key)
            if rows is None:
                rows = inv.search(args.term, args.location,
                                  settings.get("default_limit", 25))
                cache.put(key, rows)
        else:
            rows = inv.expiring(args.before)
    except sqlite3.Error as exc:
        log.error("query failed: %s", exc)
        return 1
    print_rows(rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
