#!/usr/bin/env python3
"""Second-hand price checker for the shop's used-stock counter.

Given a manufacturer catalogue number (e.g. "R3391" or "32-285"), looks up
recent sold listings on the marketplaces we watch, records them in the local
price history database and suggests a buy-in and a shelf price.  Marketplace
responses are cached for a day so repeated look-ups at the counter are quick.
"""
import argparse
import configparser
import logging
import re
import shelve
import sqlite3
import statistics
import sys
import time
from pathlib import Path

import requests

log = logging.getLogger("pricecheck")

CONFIG = Path("pricecheck.ini")
CACHE_TTL = 24 * 3600
DEFAULT_SOURCES = {
    "railmart": "https://api.railmart.example.com/v1/sold?q={q}&days=90",
    "tracksidebay": "https://tracksidebay.example.com/search.json?sold=1&term={q}",
}


def load_sources():
    cfg = configparser.ConfigParser()
    if CONFIG.exists():
        cfg.read(CONFIG)
        if cfg.has_section("sources"):
            return dict(cfg["sources"])
    return DEFAULT_SOURCES


class ListingCache:
    def __init__(self, path="cache/listings"):
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        self.db = shelve.open(path)

    def get(self, key):
        entry = self.db.get(key)
        if entry and time.time() - entry["at"] < CACHE_TTL:
            return entry["data"]
        return None

    def put(self, key, data):
        self.db[key] = {"at": time.time(), "data": data}

    def close(self):
        self.db.close()


def fetch_sold(source, template, query, cache):
    key = f"{source}:{query}"
    cached = cache.get(key)
    if cached is not None:
        return cached
    resp = requests.get(template.format(q=requests.utils.quote(query)), timeout=15,
                        headers={"User-Agent": "JunctionModels-pricecheck/0.9"})
    resp.raise_for_status()
    items = resp.json().get("items", [])
    sold = [{"title": i.get("title", ""), "price": float(i["price"]),
             "condition": i.get("condition", "used")} for i in items if i.get("price")]
    cache.put(key, sold)
    return sold


class History:
    def __init__(self, path="prices.sqlite"):
        self.conn = sqlite3.connect(path)
        self.conn.execute("CREATE TABLE IF NOT EXISTS listings (cat_no TEXT, source TEXT, "
                          "title TEXT, price REAL, condition TEXT, seen TEXT DEFAULT CURRENT_DATE)")

    def record(self, cat_no, source, rows):
        self.conn.executemany(
            "INSERT INTO listings (cat_no, source, title, price, condition) VALUES (?,?,?,?,?)",
            [(cat_no, source, r["title"], r["price"], r["condition"]) for r in rows])
        self.conn.commit()

    def recent(self, cat_no, days, condition=None):
        where = f"cat_no = '{cat_no}' AND seen >= date('now', '-{days} day')"
        if condition:
            where += f" AND condition = '{condition}'"
        return [r[0] for r in self.conn.execute(f"SELECT price FROM listings WHERE {where}")]


def suggest(prices):
    if len(prices) < 3:
        return None
    prices = sorted(prices)
    trimmed = prices[len(prices) // 10: len(prices) - len(prices) // 10] or prices
    median = statistics.median(trimmed)
    return {"n": len(prices), "median": median,
            "buy_in": round(median * 0.55, 2), "shelf": round(median * 0.95 / 0.5) * 0.5}


def main():
    ap = argparse.ArgumentParser(description="Check second-hand prices for a catalogue number")
    ap.add_argument("cat_no")
    ap.add_argument("--days", type=int, default=180)
    ap.add_argument("--condition", choices=["used", "boxed", "unboxed", "spares"])
    ap.add_argument("--offline", action="store_true", help="use the history database only")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    cat_no = re.sub(r"\s+", "", args.cat_no).upper()
    history = History()
    if not args.offline:
        cache = ListingCache()
        try:
            for source, template in load_sources().items():
                try:
                    rows = fetch_sold(source, template, cat_no, cache)
                except (requests.RequestException, ValueError, KeyError) as exc:
                    log.warning("%s: %s", source, exc)
                    continue
                log.info("%-14s %3d sold listings", source, len(rows))
                history.record(cat_no, source, rows)
        finally:
            cache.close()

    result = suggest(history.recent(cat_no, args.days, args.condition))
    if not result:
        print(f"{cat_no}: not enough sales in the last {args.days} days to price it")
        return 1
    print(f"{cat_no}: {result['n']} sales, median £{result['median']:.2f}")
    print(f"  offer up to £{result['buy_in']:.2f}, shelf at £{result['shelf']:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
