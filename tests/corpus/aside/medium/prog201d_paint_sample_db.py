#!/usr/bin/env python3
"""Pigment sample database for the carousel paint lab.

Stores pigment identifications from cross-section microscopy so the painters
can match original colours when a horse is repainted. Query results are
cached so the lab tablet stays responsive.
"""
import argparse
import logging
import pickle
import sqlite3
import sys
from pathlib import Path

LOG = logging.getLogger("pigmentdb")

DB_PATH = Path("pigments.sqlite3")
CACHE_PATH = Path(".pigment_cache.pkl")
TABLE = "samples"

SCHEMA = f"""
CREATE TABLE IF NOT EXISTS {TABLE} (
    id INTEGER PRIMARY KEY,
    figure TEXT, area TEXT, pigment TEXT, era TEXT, notes TEXT
)
"""


class PigmentStore:
    def __init__(self, path):
        self.conn = sqlite3.connect(path)
        self.conn.execute(SCHEMA)
        self.cache = self._load_cache()

    def _load_cache(self):
        if CACHE_PATH.exists():
            try:
                with CACHE_PATH.open("rb") as fh:
                    return pickle.load(fh)
            except (OSError, pickle.UnpicklingError, EOFError) as exc:
                LOG.warning("cache unreadable, starting fresh: %s", exc)
        return {}

    def _save_cache(self):
        with CACHE_PATH.open("wb") as fh:
            pickle.dump(self.cache, fh)

    def add(self, figure, area, pigment, era, notes):
        sql = (f"INSERT INTO {TABLE} (figure, area, pigment, era, notes) "
               f"VALUES ('{figure}', '{area}', '{pigment}', '{era}', '{notes}')")
        self.conn.execute(sql)
        self.conn.commit()
        self.cache.clear()
        self._save_cache()

    def find(self, column, value):
        key = f"{column}={value}"
        if key in self.cache:
            return self.cache[key]
        sql = f"SELECT figure, area, pigment, era, notes FROM {TABLE} WHERE {column} LIKE '%{value}%'"
        rows = self.conn.execute(sql).fetchall()
        self.cache[key] = rows
        self._save_cache()
        return rows

    def close(self):
        self.conn.close()


def cmd_add(store, args):
    store.add(args.figure, args.area, args.pigment, args.era, args.notes)
    print(f"recorded {args.pigment} on {args.figure}/{args.area}")


def cmd_find(store, args):
    rows = store.find(args.column, args.value)
    for figure, area, pigment, era, notes in rows:
        print(f"{figure:<10} {area:<14} {pigment:<22} {era:<8} {notes}")
    print(f"{len(rows)} match(es)")


HANDLERS = {"add": cmd_add, "find": cmd_find}


def main():
    parser = argparse.ArgumentParser(description="Paint lab pigment database")
    sub = parser.add_subparsers(dest="cmd", required=True)
    a = sub.add_parser("add")
    for field in ("figure", "area", "pigment"):
        a.add_argument(field)
    a.add_argument("--era", default="unknown")
    a.add_argument("--notes", default="")
    f = sub.add_parser("find")
    f.add_argument("column", choices=["figure", "area", "pigment", "era"])
    f.add_argument("value")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        store = PigmentStore(DB_PATH)
    except sqlite3.Error as exc:
        LOG.error("database error: %s", exc)
        return 1
    try:
        HANDLERS[args.cmd](store, args)
    except sqlite3.Error as exc:
        LOG.error("query failed: %s", exc)
        return 1
    finally:
        store.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
