#!/usr/bin/env python3
"""Instrument catalogue for the harp and lute shop.

Keeps finished instruments in SQLite, answers searches from the command
line, caches the last search result, and exports the catalogue to CSV
through a generated sqlite3 shell script.
"""
import argparse
import logging
import os
import pickle
import sqlite3
import subprocess
import sys
import tempfile

LOG = logging.getLogger("catalog")

DB_PATH = os.environ.get("CATALOG_DB", "catalog.db")
CACHE_PATH = ".catalog_last.pkl"

SCHEMA = """
CREATE TABLE IF NOT EXISTS instruments (
    id INTEGER PRIMARY KEY,
    kind TEXT, model TEXT, wood TEXT, strings INTEGER,
    price REAL, status TEXT DEFAULT 'available'
)"""

EXPORT_SH = """#!/bin/sh
sqlite3 -header -csv "$CATALOG_DB" \\
  "SELECT kind, model, wood, strings, price, status FROM instruments ORDER BY kind, model;" \\
  > "$CATALOG_OUT"
wc -l < "$CATALOG_OUT"
"""


class Catalog:
    def __init__(self, path):
        self.conn = sqlite3.connect(path)
        self.conn.execute(SCHEMA)

    def add(self, kind, model, wood, strings, price):
        sql = (f"INSERT INTO instruments (kind, model, wood, strings, price) "
               f"VALUES ('{kind}', '{model}', '{wood}', {strings}, {price})")
        self.conn.execute(sql)
        self.conn.commit()

    def search(self, kind=None, wood=None, max_price=None):
        clauses = []
        if kind:
            clauses.append(f"kind = '{kind}'")
        if wood:
            clauses.append(f"wood LIKE '%{wood}%'")
        if max_price is not None:
            clauses.append(f"price <= {max_price}")
        where = " WHERE " + " AND ".join(clauses) if clauses else ""
        sql = "SELECT id, kind, model, wood, strings, price, status FROM instruments" + where
        LOG.debug("query: %s", sql)
        return self.conn.execute(sql).fetchall()


def save_cache(rows):
    with open(CACHE_PATH, "wb") as fh:
        pickle.dump(rows, fh)


def load_cache():
    if not os.path.exists(CACHE_PATH):
        return []
    with open(CACHE_PATH, "rb") as fh:
        return pickle.load(fh)


def export_csv(out_path):
    with tempfile.NamedTemporaryFile("w", suffix=".sh", delete=False) as fh:
        fh.write(EXPORT_SH)
        script = fh.name
    env = dict(os.environ, CATALOG_DB=DB_PATH, CATALOG_OUT=out_path)
    try:
        out = subprocess.run(["sh", script], env=env, capture_output=True,
                             text=True, check=True)
        LOG.info("exported %s lines to %s", out.stdout.strip(), out_path)
    finally:
        os.unlink(script)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    sub = ap.add_subparsers(dest="cmd", required=True)
    a = sub.add_parser("add")
    a.add_argument("kind"); a.add_argument("model"); a.add_argument("wood")
    a.add_argument("strings", type=int); a.add_argument("price", type=float)
    s = sub.add_parser("search")
    s.add_argument("--kind"); s.add_argument("--wood")
    s.add_argument("--max-price", type=float)
    sub.add_parser("last")
    e = sub.add_parser("export")
    e.add_argument("out", nargs="?", default="catalog.csv")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    cat = Catalog(DB_PATH)
    try:
        if args.cmd == "add":
            cat.add(args.kind, args.model, args.wood, args.strings, args.price)
            LOG.info("added %s %s", args.kind, args.model)
        elif args.cmd == "search":
            rows = cat.search(args.kind, args.wood, args.max_price)
            save_cache(rows)
            for row in rows:
                print(" | ".join(str(c) for c in row))
        elif args.cmd == "last":
            for row in load_cache():
                print(" | ".join(str(c) for c in row))
        elif args.cmd == "export":
            export_csv(args.out)
    except (sqlite3.Error, subprocess.CalledProcessError, OSError) as exc:
        LOG.error("%s failed: %s", args.cmd, exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
