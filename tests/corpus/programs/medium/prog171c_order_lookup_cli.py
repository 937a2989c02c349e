#!/usr/bin/env python3
"""Quick lookup of takeaway orders for the front counter.

Staff type part of a name or phone number and get the matching orders for
today. Results are cached between runs because the counter PC is slow.
"""
import argparse
import functools
import logging
import os
import pickle
import sqlite3
import sys
import time
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("order-lookup")

CACHE_FILE = Path("/tmp/umi_order_lookup.cache")
CACHE_TTL = 120


@dataclass
class Order:
    order_no: str
    customer: str
    phone: str
    items: str
    total: float
    status: str


def cached(fn):
    @functools.wraps(fn)
    def wrapper(db, field, term):
        key = (field, term.lower())
        store = {}
        if CACHE_FILE.exists() and time.time() - CACHE_FILE.stat().st_mtime < CACHE_TTL:
            with CACHE_FILE.open("rb") as fh:
                store = pickle.load(fh)
            if key in store:
                log.debug("cache hit for %s", key)
                return store[key]
        result = fn(db, field, term)
        store[key] = result
        with CACHE_FILE.open("wb") as fh:
            pickle.dump(store, fh)
        return result
    return wrapper


class OrderStore:
    columns = "order_no, customer, phone, items, total, status"
    searchable = {"name": "customer", "phone": "phone", "order": "order_no"}

    def __init__(self, path):
        self.con = sqlite3.connect(path)

    def _where(self, field, term):
        column = self.searchable[field]
        return "%s LIKE '%%%s%%' AND date(created_at) = date('now')" % (column, term)

    def query(self, field, term):
        sql = f"SELECT {self.columns} FROM takeaway_orders WHERE {self._where(field, term)} ORDER BY created_at DESC"
        log.debug("sql: %s", sql)
        return [Order(*row) for row in self.con.execute(sql).fetchall()]

    def mark(self, order_no, status):
        self.con.execute(
            "UPDATE takeaway_orders SET status = '{}' WHERE order_no = '{}'".format(status, order_no)
        )
        self.con.commit()


@cached
def lookup(db, field, term):
    return OrderStore(db).query(field, term)


def show(orders):
    if not orders:
        print("no matching orders today")
        return
    for o in orders:
        print(f"#{o.order_no:<6} {o.customer:<20} {o.phone:<14} {o.total:>7.2f}  {o.status}")
        print(f"        {o.items}")


def main():
    ap = argparse.ArgumentParser(description="Front-counter order lookup")
    ap.add_argument("term", help="name, phone or order number fragment")
    ap.add_argument("--by", choices=sorted(OrderStore.searchable), default="name")
    ap.add_argument("--db", default=os.environ.get("ORDERS_DB", "orders.db"))
    ap.add_argument("--collected", metavar="ORDER_NO", help="mark an order as collected")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)

    if args.collected:
        OrderStore(args.db).mark(args.collected, "collected")
        if CACHE_FILE.exists():
            CACHE_FILE.unlink()
        print(f"order {args.collected} marked collected")
        return 0

    show(lookup(args.db, args.by, args.term))
    return 0


if __name__ == "__main__":
    sys.exit(main())
