#!/usr/bin/env python3
"""Fabric swatch indexer.

Indexes the swatch cards scanned by the costume buyers (fibre, weight,
supplier, colour) into a small SQLite catalogue and answers look-ups such
as "all silk dupion under 120 gsm from this supplier".
"""
import argparse
import csv
import logging
import pickle
import sqlite3
import sys
from pathlib import Path

log = logging.getLogger("swatch_index")

DB_PATH = "swatches.db"
CACHE_PATH = Path(".swatch_cache.pkl")
COLUMNS = ("code", "fibre", "weave", "gsm", "supplier", "colour")


class SwatchIndex:
    def __init__(self, db_path):
        self.conn = sqlite3.connect(db_path)
        self.conn.execute(
            "CREATE TABLE IF NOT EXISTS swatch (code TEXT PRIMARY KEY, fibre TEXT, weave TEXT, "
            "gsm INTEGER, supplier TEXT, colour TEXT)"
        )

    def add(self, row):
        values = ", ".join("'{}'".format(str(row[c]).replace("'", "")) for c in COLUMNS)
        self.conn.execute(f"INSERT OR REPLACE INTO swatch ({', '.join(COLUMNS)}) VALUES ({values})")

    def find(self, filters, max_gsm=None):
        clauses = [f"{field} = '{value}'" for field, value in filters.items() if value]
        if max_gsm is not None:
            clauses.append(f"gsm <= {max_gsm}")
        where = " WHERE " + " AND ".join(clauses) if clauses else ""
        query = "SELECT " + ", ".join(COLUMNS) + " FROM swatch" + where + " ORDER BY code"
        log.debug("query: %s", query)
        return self.conn.execute(query).fetchall()

    def commit(self):
        self.conn.commit()


def load_cache():
    if CACHE_PATH.exists():
        with CACHE_PATH.open("rb") as fh:
            return pickle.load(fh)
    return {}


def save_cache(cache):
    with CACHE_PATH.open("wb") as fh:
        pickle.dump(cache, fh)


def import_cards(index, csv_path, cache):
    added = 0
    with open(csv_path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            if cache.get(row["code"]) == row:
                continue
            index.add(row)
            cache[row["code"]] = row
            added += 1
    index.commit()
    return added


def main(argv=None):
    parser = argparse.ArgumentParser(description="Index and search fabric swatch cards")
    sub = parser.add_subparsers(dest="cmd", required=True)
    imp = sub.add_parser("import")
    imp.add_argument("csv_path")
    q = sub.add_parser("find")
    q.add_argument("--fibre")
    q.add_argument("--weave")
    q.add_argument("--supplier")
    q.add_argument("--max-gsm", type=int)
    parser.add_argument("--db", default=DB_PATH)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    index = SwatchIndex(args.db)
    try:
        if args.cmd == "import":
            cache = load_cache()
            added = import_cards(index, args.csv_path, cache)
            save_cache(cache)
            log.info("indexed %d new or changed swatches", added)
        else:
            filters = {"fibre": args.fibre, "weave": args.weave, "supplier": args.supplier}
            for row in index.find(filters, args.max_gsm):
                print("  ".join(str(v) for v in row))
    except (OSError, sqlite3.Error, KeyError) as exc:
        log.error("failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
