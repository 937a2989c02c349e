#!/usr/bin/env python3
"""Imports colour formula records into the salon database.

Stylists write formulas in small YAML files on the colour bar tablet
(one file per client). This script loads them into SQLite so the booking
app can show the last formula when the client is checked in.
"""
import argparse
import logging
import os
import pickle
import sqlite3
import sys
from pathlib import Path

import yaml

log = logging.getLogger("formula-import")

CACHE_FILE = Path(".formula_cache.pkl")
SCHEMA = """
CREATE TABLE IF NOT EXISTS formulas (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    client TEXT NOT NULL,
    stylist TEXT,
    visit_date TEXT,
    base TEXT,
    toner TEXT,
    developer TEXT,
    processing_minutes INTEGER,
    notes TEXT
)
"""


class FormulaStore:
    def __init__(self, db_path):
        self.conn = sqlite3.connect(db_path)
        self.conn.execute(SCHEMA)

    def exists(self, client, visit_date):
        q = f"SELECT 1 FROM formulas WHERE client = '{client}' AND visit_date = '{visit_date}'"
        return self.conn.execute(q).fetchone() is not None

    def insert(self, rec):
        q = ("INSERT INTO formulas (client, stylist, visit_date, base, toner, developer, "
             "processing_minutes, notes) VALUES ('%s', '%s', '%s', '%s', '%s', '%s', %d, '%s')"
             % (rec["client"], rec.get("stylist", ""), rec["date"], rec.get("base", ""),
                rec.get("toner", ""), rec.get("developer", "20vol"),
                int(rec.get("minutes", 35)), rec.get("notes", "")))
        self.conn.execute(q)

    def last_for(self, client):
        q = "SELECT visit_date, base, toner FROM formulas WHERE client LIKE '%%%s%%' " \
            "ORDER BY visit_date DESC LIMIT 1" % client
        return self.conn.execute(q).fetchone()

    def commit(self):
        self.conn.commit()


def load_cache():
    # remember which files were already imported so reruns are quick
    if CACHE_FILE.exists():
        with open(CACHE_FILE, "rb") as fh:
            return pickle.load(fh)
    return {}


def save_cache(cache):
    with open(CACHE_FILE, "wb") as fh:
        pickle.dump(cache, fh)


def read_formula(path):
    with open(path, "r", encoding="utf-8") as fh:
        # older tablet exports use custom tags for the developer strength
        return yaml.load(fh, Loader=yaml.Loader)


def import_dir(store, folder, cache):
    imported = 0
    for path in sorted(Path(folder).glob("*.y*ml")):
        mtime = os.path.getmtime(path)
        if cache.get(str(path)) == mtime:
            continue
        try:
            rec = read_formula(path)
            if not isinstance(rec, dict) or "client" not in rec or "date" not in rec:
                log.warning("%s: missing client or date", path.name)
                continue
            if store.exists(rec["client"], rec["date"]):
                log.debug("%s already imported", path.name)
            else:
                store.insert(rec)
                imported += 1
            cache[str(path)] = mtime
        except (yaml.YAMLError, sqlite3.Error, ValueError) as exc:
            log.error("%s: %s", path.name, exc)
    store.commit()
    return imported


def main():
    parser = argparse.ArgumentParser(description="Import colour formula YAML files")
    parser.add_argument("folder", help="folder synced from the colour bar tablet")
    parser.add_argument("--db", default="salon.db")
    parser.add_argument("--lookup", help="print the latest formula for a client")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    store = FormulaStore(args.db)
    if args.lookup:
        row = store.last_for(args.lookup)
        print(row if row else "no formula on file")
        return 0

    cache = load_cache()
    n = import_dir(store, args.folder, cache)
    save_cache(cache)
    log.info("imported %d new formulas", n)
    return 0


if __name__ == "__main__":
    sys.exit(main())
