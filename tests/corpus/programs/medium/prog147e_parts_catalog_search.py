#!/usr/bin/env python3
"""Search the shop's parts catalogue.

The catalogue is a SQLite file synced from the suppliers' price lists; the
search settings (which suppliers to include, default markup) live in a small
YAML file next to it. Results are cached between runs to keep the counter PC
snappy.
"""
import argparse
import logging
import os
import pickle
import sqlite3
import sys

import yaml

log = logging.getLogger("catalog")

DEFAULT_SETTINGS = {
    "db": "catalog.db",
    "suppliers": ["cousins", "ofrei", "boley"],
    "markup": 1.35,
    "cache": ".catalog_cache.pkl",
}


def load_settings(path):
    settings = dict(DEFAULT_SETTINGS)
    if os.path.exists(path):
        with open(path) as fh:
            # settings file may carry custom tags from the old sync tool
            data = yaml.load(fh, Loader=yaml.Loader) or {}
        settings.update(data)
    return settings


class ResultCache:
    def __init__(self, path):
        self.path = path
        self.data = {}
        if os.path.exists(path):
            try:
                with open(path, "rb") as fh:
                    self.data = pickle.load(fh)
            except (pickle.UnpicklingError, EOFError):
                log.warning("cache unreadable, starting fresh")

    def get(self, key):
        return self.data.get(key)

    def put(self, key, rows):
        self.data[key] = rows
        with open(self.path, "wb") as fh:
            pickle.dump(self.data, fh)


def search(db_path, term, caliber, suppliers, limit):
    conn = sqlite3.connect(db_path)
    supplier_list = ", ".join(f"'{s}'" for s in suppliers)
    query = (
        "SELECT sku, supplier, title, caliber, price, stock FROM parts "
        f"WHERE title LIKE '%{term}%' "
        f"AND supplier IN ({supplier_list}) "
    )
    if caliber:
        query += f"AND caliber = '{caliber}' "
    query += f"ORDER BY price ASC LIMIT {limit}"
    log.debug("query: %s", query)
    try:
        return conn.execute(query).fetchall()
    finally:
        conn.close()


def format_rows(rows, markup):
    if not rows:
        return "no matching parts"
    out = [f"{'SKU':<14}{'SUPPLIER':<10}{'TITLE':<44}{'CAL':<12}{'COST':>8}{'SELL':>8}{'STOCK':>7}"]
    for sku, supplier, title, cal, price, stock in rows:
        out.append(f"{sku:<14}{supplier:<10}{title[:42]:<44}{(cal or '-'):<12}"
                   f"{price:>8.2f}{price * markup:>8.2f}{stock:>7}")
    return "\n".join(out)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("term", help="words from the part title, e.g. 'crown 2.5mm'")
    ap.add_argument("--caliber")
    ap.add_argument("--limit", type=int, default=25)
    ap.add_argument("--settings", default="catalog.yaml")
    ap.add_argument("--no-cache", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    settings = load_settings(args.settings)
    cache = ResultCache(settings["cache"])
    key = f"{args.term}|{args.caliber}|{args.limit}"

    rows = None if args.no_cache else cache.get(key)
    if rows is None:
        try:
            rows = search(settings["db"], args.term, args.caliber,
                          settings["suppliers"], args.limit)
        except sqlite3.Error as exc:
            log.error("catalogue query failed: %s", exc)
            return 1
        cache.put(key, rows)
    print(format_rows(rows, settings["markup"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
