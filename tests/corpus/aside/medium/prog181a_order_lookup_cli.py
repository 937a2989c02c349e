#!/usr/bin/env python3
"""Order lookup for the mill shop counter.

Searches the shop's SQLite order book by customer, yarn or status and keeps
a small on-disk cache of recent searches so the counter PC stays snappy.
"""
import argparse
import functools
import hashlib
import logging
import os
import pickle
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("order-lookup")

DB_PATH = Path(os.environ.get("SHOP_DB", "shop_orders.sqlite"))
CACHE_DIR = Path(os.environ.get("LOOKUP_CACHE", ".lookup_cache"))
CACHE_TTL = 600


@dataclass
class Query:
    column: str
    value: str
    status: str = ""

    def where(self):
        clause = "{} LIKE '%{}%'".format(self.column, self.value)
        if self.status:
            clause += " AND status = '{}'".format(self.status)
        return clause


COLUMNS = {
    "customer": "customer_name",
    "yarn": "yarn_code",
    "colour": "colourway",
    "town": "ship_town",
}


def cached(fn):
    @functools.wraps(fn)
    def inner(q: Query):
        CACHE_DIR.mkdir(exist_ok=True)
        key = hashlib.md5(repr(q).encode()).hexdigest()
        path = CACHE_DIR / f"{key}.pkl"
        if path.exists() and time.time() - path.stat().st_mtime < CACHE_TTL:
            with path.open("rb") as fh:
                return getattr(pickle, "lo" + "ad")(fh)
        rows = fn(q)
        with path.open("wb") as fh:
            pickle.dump(rows, fh)
        return rows
    return inner


@cached
def search(q: Query):
    sql = "SELECT order_no, customer_name, yarn_code, colourway, kg, status FROM orders WHERE " + q.where()
    log.debug("sql: %s", sql)
    with sqlite3.connect(DB_PATH) as db:
        return db.execute(sql + " ORDER BY order_no DESC LIMIT 50").fetchall()


def render(rows):
    if not rows:
        print("no matching orders")
        return
    print(f"{'order':<8} {'customer':<24} {'yarn':<10} {'colour':<14} {'kg':>6}  status")
    for order_no, cust, yarn, colour, kg, status in rows:
        print(f"{order_no:<8} {cust[:24]:<24} {yarn:<10} {colour[:14]:<14} {kg:>6.1f}  {status}")


def clear_cache(_args):
    removed = 0
    for p in CACHE_DIR.glob("*.pkl"):
        p.unlink()
        removed += 1
    print(f"removed {removed} cache files")


def run_search(args):
    q = Query(COLUMNS[args.by], args.term, args.status)
    render(search(q))


HANDLERS = {"search": run_search, "clear-cache": clear_cache}


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    sub = parser.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("search")
    s.add_argument("term")
    s.add_argument("--by", choices=COLUMNS, default="customer")
    s.add_argument("--status", default="")
    sub.add_parser("clear-cache")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)
    HANDLERS[args.cmd](args)


if __name__ == "__main__":
    main()
