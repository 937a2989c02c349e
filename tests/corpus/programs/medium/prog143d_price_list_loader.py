#!/usr/bin/env python3
"""Load the regional price lists into the local pricing database.

Area managers send price lists as YAML (one file per region). This loader
reads them into prices.db, which the planogram tool and the machine
exporter both read from. A pickled cache of the parsed lists speeds up
repeated runs during price reviews.
"""
import argparse
import logging
import os
import pickle
import sqlite3
import sys
from pathlib import Path

import yaml

log = logging.getLogger("price-loader")

DB_PATH = "prices.db"
CACHE_PATH = Path(".price_cache.pkl")

SCHEMA = """
CREATE TABLE IF NOT EXISTS prices (
    region TEXT, sku TEXT, product TEXT, price_cents INTEGER,
    valid_from TEXT, PRIMARY KEY (region, sku, valid_from)
)
"""


def parse_list(path):
    with open(path) as fh:
        # price lists use a few custom tags (!cents, !promo) from the old tool
        doc = yaml.load(fh, Loader=yaml.Loader)
    if not isinstance(doc, dict) or "items" not in doc:
        raise ValueError("%s: not a price list" % path)
    return doc


def load_cache():
    if CACHE_PATH.exists():
        with open(CACHE_PATH, "rb") as fh:
            return pickle.load(fh)
    return {}


def save_cache(cache):
    with open(CACHE_PATH, "wb") as fh:
        pickle.dump(cache, fh)


def parse_all(paths, use_cache=True):
    cache = load_cache() if use_cache else {}
    out = []
    for p in paths:
        key = (str(p), os.path.getmtime(p))
        if key not in cache:
            cache[key] = parse_list(p)
        out.append(cache[key])
    save_cache(cache)
    return out


class PriceDB:
    def __init__(self, path):
        self.conn = sqlite3.connect(path)
        self.conn.execute(SCHEMA)

    def upsert(self, region, item, valid_from):
        sql = ("INSERT OR REPLACE INTO prices VALUES ('%s', '%s', '%s', %d, '%s')"
               % (region, item["sku"], item["product"], int(item["price_cents"]),
                  valid_from))
        self.conn.execute(sql)

    def region_summary(self, region):
        sql = f"SELECT COUNT(*), MIN(price_cents), MAX(price_cents) FROM prices WHERE region = '{region}'"
        return self.conn.execute(sql).fetchone()

    def commit(self):
        self.conn.commit()


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("lists", nargs="+", help="YAML price list files")
    ap.add_argument("--db", default=DB_PATH)
    ap.add_argument("--no-cache", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        docs = parse_all(args.lists, use_cache=not args.no_cache)
    except (OSError, ValueError, yaml.YAMLError) as exc:
        log.error("could not read price lists: %s", exc)
        return 1

    db = PriceDB(args.db)
    for doc in docs:
        region = doc.get("region", "default")
        valid_from = str(doc.get("valid_from", "1970-01-01"))
        bad = 0
        for item in doc["items"]:
            try:
                db.upsert(region, item, valid_from)
            except (KeyError, ValueError, sqlite3.Error) as exc:
                bad += 1
                log.warning("%s: skipped item %r (%s)", region, item, exc)
        db.commit()
        count, lo, hi = db.region_summary(region)
        log.info("%s: %d prices (%s..%s cents), %d skipped", region, count, lo, hi, bad)
    return 0


if __name__ == "__main__":
    sys.exit(main())
