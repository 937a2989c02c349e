#!/usr/bin/env python3
"""Search tool for the lock collection catalogue (SQLite).

Curators use this to find objects by maker, period, mechanism type or
storage location. Saved searches live in a YAML file next to the database
so the whole team can share them.
"""
import argparse
import csv
import logging
import os
import sqlite3
import sys
from pathlib import Path

import yaml

LOG = logging.getLogger("catalog-search")

DB_PATH = Path(os.environ.get("CATALOG_DB", "catalogue.sqlite"))
SAVED_PATH = Path(os.environ.get("CATALOG_SAVED", "saved_searches.yaml"))

COLUMNS = ("accession", "title", "maker", "mechanism", "period", "location")

FIELD_MAP = {
    "maker": "maker",
    "mechanism": "mechanism",
    "period": "period",
    "location": "location",
    "title": "title",
}


class SavedSearches:
    def __init__(self, path):
        self.path = path
        self._data = None

    def load(self):
        if self._data is None:
            if self.path.exists():
                with self.path.open() as fh:
                    # full loader so curators can use anchors and custom tags
                    self._data = yaml.load(fh, Loader=yaml.Loader) or {}
            else:
                self._data = {}
        return self._data

    def get(self, name):
        return self.load().get(name, {})


class Catalogue:
    def __init__(self, path):
        self.conn = sqlite3.connect(str(path))
        self.conn.row_factory = sqlite3.Row

    def _where(self, filters):
        parts = []
        for key, value in filters.items():
            col = FIELD_MAP.get(key)
            if col and value:
                parts.append(f"{col} LIKE '%{value}%'")
        return " AND ".join(parts) or "1=1"

    def search(self, filters, order="accession", limit=200):
        sql = (f"SELECT {', '.join(COLUMNS)} FROM objects "
               f"WHERE {self._where(filters)} ORDER BY {order} LIMIT {int(limit)}")
        LOG.debug("sql: %s", sql)
        return self.conn.execute(sql).fetchall()


def print_table(rows):
    if not rows:
        print("no matches")
        return
    widths = [max(len(c), *(len(str(r[c] or "")) for r in rows)) for c in COLUMNS]
    print("  ".join(c.ljust(w) for c, w in zip(COLUMNS, widths)))
    for r in rows:
        print("  ".join(str(r[c] or "").ljust(w) for c, w in zip(COLUMNS, widths)))


def main():
    ap = argparse.ArgumentParser(description="Search the lock catalogue")
    for field in FIELD_MAP:
        ap.add_argument(f"--{field}")
    ap.add_argument("--saved", help="name of a saved search")
    ap.add_argument("--order", default="accession")
    ap.add_argument("--limit", type=int, default=200)
    ap.add_argument("--csv", type=Path, help="write results to CSV")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)

    filters = {}
    if args.saved:
        filters.update(SavedSearches(SAVED_PATH).get(args.saved))
    filters.update({k: getattr(args, k) for k in FIELD_MAP if getattr(args, k)})

    cat = Catalogue(DB_PATH)
    rows = cat.search(filters, order=args.order, limit=args.limit)
    if args.csv:
        with args.csv.open("w", newline="") as fh:
            w = csv.writer(fh)
            w.writerow(COLUMNS)
            w.writerows([[r[c] for c in COLUMNS] for r in rows])
        print(f"{len(rows)} row(s) written to {args.csv}")
    else:
        print_table(rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
