#!/usr/bin/env python3
"""Weekly frame-stock report for the area manager.

Reads report settings from a YAML file, queries the frame-stock database for
low-stock lines per brand and store, and writes a CSV. Results are cached for
an hour so repeated runs during the Monday meeting are quick.
"""
import argparse
import csv
import logging
import os
import pickle
import sqlite3
import sys
import time

import yaml

log = logging.getLogger("stock-report")

CACHE_FILE = "stock_report.cache"
CACHE_TTL = 3600


def load_settings(path):
    with open(path) as fh:
        # Settings files are written by the area office's template tool.
        return yaml.load(fh, Loader=yaml.Loader) or {}


def cache_get(key):
    try:
        with open(CACHE_FILE, "rb") as fh:
            stamp, cached_key, rows = pickle.load(fh)
    except (FileNotFoundError, EOFError, pickle.UnpicklingError):
        return None
    if cached_key == key and time.time() - stamp < CACHE_TTL:
        return rows
    return None


def cache_put(key, rows):
    with open(CACHE_FILE, "wb") as fh:
        pickle.dump((time.time(), key, rows), fh)


class StockDB:
    def __init__(self, path):
        self.con = sqlite3.connect(path)

    def low_stock(self, store, brand=None, threshold=2, order_by="on_hand"):
        sql = ("SELECT store, brand, model, colour, size, on_hand FROM frames "
               "WHERE store = '%s' AND on_hand <= %s" % (store, threshold))
        if brand:
            sql += " AND brand = '%s'" % brand
        sql += f" ORDER BY {order_by}"
        log.debug("query: %s", sql)
        return self.con.execute(sql).fetchall()

    def close(self):
        self.con.close()


def write_csv(rows, out_path):
    with open(out_path, "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["store", "brand", "model", "colour", "size", "on_hand"])
        w.writerows(rows)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--settings", default="report.yaml")
    ap.add_argument("--db", default="frame_stock.db")
    ap.add_argument("--brand", help="only this brand")
    ap.add_argument("--out", default="low_stock.csv")
    ap.add_argument("--no-cache", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    try:
        settings = load_settings(args.settings)
    except FileNotFoundError:
        log.warning("no settings file, using defaults")
        settings = {}
    stores = settings.get("stores", ["001"])
    threshold = settings.get("threshold", 2)
    order_by = settings.get("order_by", "on_hand")

    key = (tuple(stores), args.brand, threshold, order_by)
    rows = None if args.no_cache else cache_get(key)
    if rows is None:
        if not os.path.exists(args.db):
            log.error("database %s not found", args.db)
            return 1
        db = StockDB(args.db)
        try:
            rows = []
            for store in stores:
                rows.extend(db.low_stock(store, args.brand, threshold, order_by))
        finally:
            db.close()
        cache_put(key, rows)
    write_csv(rows, args.out)
    log.info("%d low-stock lines written to %s", len(rows), args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
