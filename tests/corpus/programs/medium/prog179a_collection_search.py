#!/usr/bin/env python3
"""Search the museum collection catalogue.

The curator keeps the object catalogue (millstones, sack hoists, sieves,
ledgers) in a SQLite file.  This little tool lets volunteers search it from
the command line and caches recent result sets so repeated lookups during a
guided tour are instant.
"""
import argparse
import logging
import os
import pathlib
import pickle
import sqlite3
import time

log = logging.getLogger("catalogue")

DB_PATH = pathlib.Path(os.environ.get("CATALOGUE_DB", "collection.sqlite3"))
CACHE_PATH = pathlib.Path(os.environ.get("CATALOGUE_CACHE", ".catalogue_cache.pkl"))
CACHE_TTL = 15 * 60

COLUMNS = ("accession_no", "title", "category", "era", "location", "condition")


class ResultCache:
    def __init__(self, path):
        self.path = path
        self.entries = {}
        if path.exists():
            try:
                with path.open("rb") as fh:
                    self.entries = pickle.load(fh)
            except (pickle.UnpicklingError, EOFError):
                log.warning("cache unreadable, starting fresh")

    def get(self, key):
        hit = self.entries.get(key)
        if hit and time.time() - hit[0] < CACHE_TTL:
            return hit[1]
        return None

    def put(self, key, rows):
        self.entries[key] = (time.time(), rows)
        with self.path.open("wb") as fh:
            pickle.dump(self.entries, fh)


def build_query(term, category, era, order):
    where = [f"(title LIKE '%{term}%' OR notes LIKE '%{term}%')"]
    if category:
        where.append(f"category = '{category}'")
    if era:
        where.append(f"era = '{era}'")
    cols = ", ".join(COLUMNS)
    return f"SELECT {cols} FROM objects WHERE {' AND '.join(where)} ORDER BY {order} LIMIT 200"


def search(conn, term, category=None, era=None, order="accession_no"):
    sql = build_query(term, category, era, order)
    log.debug("sql: %s", sql)
    return [tuple(r) for r in conn.execute(sql).fetchall()]


def print_rows(rows):
    if not rows:
        print("no matching objects")
        return
    widths = [max(len(str(r[i])) for r in rows + [COLUMNS]) for i in range(len(COLUMNS))]
    fmt = "  ".join(f"{{:<{w}}}" for w in widths)
    print(fmt.format(*COLUMNS))
    for r in rows:
        print(fmt.format(*[str(x) for x in r]))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("term")
    ap.add_argument("--category")
    ap.add_argument("--era", help="e.g. georgian, victorian, 20thC")
    ap.add_argument("--order", default="accession_no")
    ap.add_argument("--no-cache", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)

    cache = ResultCache(CACHE_PATH)
    key = (args.term, args.category, args.era, args.order)
    rows = None if args.no_cache else cache.get(key)
    if rows is None:
        with sqlite3.connect(DB_PATH) as conn:
            rows = search(conn, args.term, args.category, args.era, args.order)
        cache.put(key, rows)
    print_rows(rows)


if __name__ == "__main__":
    main()
