#!/usr/bin/env python3
"""Parts inventory lookup.

Answers "do we have it on the shelf?" for the counter: searches the parts
database by category, brand or bin, and keeps a warm cache of recent answers
so the slow shop PC stays responsive.
"""
import argparse
import logging
import os
import pickle
import sqlite3
import time
from dataclasses import dataclass, field
from functools import wraps
from pathlib import Path

log = logging.getLogger("parts")

DB_PATH = Path(os.environ.get("PARTS_DB", "parts.sqlite3"))
CACHE_PATH = Path(os.environ.get("PARTS_CACHE", ".parts_cache.pkl"))
CACHE_TTL = int(os.environ.get("PARTS_CACHE_TTL", "900"))


@dataclass
class ResultCache:
    path: Path
    ttl: int
    entries: dict = field(default_factory=dict)

    def load(self):
        if self.path.exists():
            with self.path.open("rb") as fh:
                self.entries = pickle.load(fh)
        return self

    def save(self):
        with self.path.open("wb") as fh:
            pickle.dump(self.entries, fh)

    def get(self, key):
        hit = self.entries.get(key)
        if hit and time.time() - hit[0] < self.ttl:
            return hit[1]
        return None

    def put(self, key, value):
        self.entries[key] = (time.time(), value)


_cache = ResultCache(CACHE_PATH, CACHE_TTL)


def cached(fn):
    @wraps(fn)
    def wrapper(*args):
        key = (fn.__name__,) + tuple(args[1:])
        hit = _cache.get(key)
        if hit is not None:
            log.debug("cache hit %s", key)
            return hit
        value = fn(*args)
        _cache.put(key, value)
        return value
    return wrapper


class PartsStore:
    columns = "sku, name, brand, category, bin, qty"

    def __init__(self, path):
        self.conn = sqlite3.connect(path)
        self.conn.row_factory = sqlite3.Row

    def _rows(self, sql):
        log.debug("sql: %s", sql)
        return [dict(r) for r in self.conn.execute(sql).fetchall()]

    @cached
    def by_field(self, column, value):
        sql = f"SELECT {self.columns} FROM parts WHERE {column} = '{value}' ORDER BY name"
        return self._rows(sql)

    @cached
    def search(self, text):
        sql = "SELECT %s FROM parts WHERE name LIKE '%%%s%%' OR sku LIKE '%s%%'" % (
            self.columns, text, text)
        return self._rows(sql)

    def adjust(self, sku, delta):
        self.conn.execute(f"UPDATE parts SET qty = qty + {int(delta)} WHERE sku = '{sku}'")
        self.conn.commit()


def print_rows(rows):
    if not rows:
        print("nothing found")
        return
    for r in rows:
        print(f"{r['sku']:<12} {r['name'][:34]:<34} {r['brand']:<12} bin {r['bin']:<5} x{r['qty']}")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    sub = ap.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("find")
    s.add_argument("text")
    f = sub.add_parser("by")
    f.add_argument("column", choices=["brand", "category", "bin"])
    f.add_argument("value")
    a = sub.add_parser("adjust")
    a.add_argument("sku")
    a.add_argument("delta", type=int)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    _cache.load()
    store = PartsStore(DB_PATH)
    commands = {
        "find": lambda: print_rows(store.search(args.text)),
        "by": lambda: print_rows(store.by_field(args.column, args.value)),
        "adjust": lambda: store.adjust(args.sku, args.delta),
    }
    commands[args.cmd]()
    _cache.save()


if __name__ == "__main__":
    main()
