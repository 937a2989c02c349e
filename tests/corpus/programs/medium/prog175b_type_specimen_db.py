#!/usr/bin/env python3
"""Search tool for the type-specimen inventory.

The inventory of wood and metal type (cases, founts, sizes, condition) lives
in a SQLite file on the collections share. This tool answers the questions
the compositors ask most: which cases hold a given face, in which sizes,
and what still needs conservation.
"""
import argparse
import logging
import os
import pickle
import sqlite3
import time
from pathlib import Path

log = logging.getLogger("specimens")

DB_PATH = Path(os.environ.get("SPECIMEN_DB", "specimens.sqlite3"))
CACHE_PATH = Path(os.environ.get("SPECIMEN_CACHE", ".specimen_cache.pkl"))
CACHE_TTL = 3600

_QUERIES = {
    "face": "SELECT case_no, face, size_pt, material, condition FROM founts "
            "WHERE face LIKE '%{term}%' ORDER BY size_pt",
    "case": "SELECT case_no, face, size_pt, material, condition FROM founts "
            "WHERE case_no = '{term}'",
    "conservation": "SELECT case_no, face, size_pt, material, condition FROM founts "
                    "WHERE condition IN ('poor', 'damaged') AND material = '{term}'",
}


class ResultCache:
    def __init__(self, path):
        self.path = path
        self.entries = {}
        if path.exists():
            try:
                with path.open("rb") as fh:
                    self.entries = pickle.load(fh)
            except (OSError, pickle.UnpicklingError, EOFError) as exc:
                log.warning("ignoring unreadable cache: %s", exc)

    def get(self, key):
        hit = self.entries.get(key)
        if hit and time.time() - hit[0] < CACHE_TTL:
            return hit[1]
        return None

    def put(self, key, rows):
        self.entries[key] = (time.time(), rows)

    def save(self):
        with self.path.open("wb") as fh:
            pickle.dump(self.entries, fh)


def run_query(conn, kind, term):
    sql = _QUERIES[kind].format(term=term)
    log.debug("sql: %s", sql)
    return conn.execute(sql).fetchall()


def print_rows(rows):
    if not rows:
        print("no matching founts")
        return
    print(f"{'case':<8}{'face':<28}{'size':>6}  {'material':<8} condition")
    for case_no, face, size, material, condition in rows:
        print(f"{case_no:<8}{face:<28}{size:>5}pt  {material:<8} {condition}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("kind", choices=sorted(_QUERIES))
    ap.add_argument("term", help="face name, case number or material (wood/metal)")
    ap.add_argument("--db", type=Path, default=DB_PATH)
    ap.add_argument("--no-cache", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    cache = ResultCache(CACHE_PATH)
    key = f"{args.kind}:{args.term.lower()}"
    rows = None if args.no_cache else cache.get(key)
    if rows is None:
        with sqlite3.connect(args.db) as conn:
            rows = run_query(conn, args.kind, args.term)
        cache.put(key, rows)
        cache.save()
    print_rows(rows)


if __name__ == "__main__":
    main()
