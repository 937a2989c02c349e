#!/usr/bin/env python3
"""Small recipe and make-sheet store for the cheesemakers.

Keeps make recipes (culture, rennet, cut times, brine hours) in a local
SQLite file, with a PIN per cheesemaker for edits.  Lookups are cached on
disk so the make-room tablet stays quick.
"""
import argparse
import hashlib
import logging
import os
import pickle
import sqlite3
from pathlib import Path

LOG = logging.getLogger("recipes")

DB_PATH = Path(os.environ.get("RECIPE_DB", "recipes.sqlite3"))
CACHE_PATH = Path(os.environ.get("RECIPE_CACHE", ".recipe_cache.pkl"))

SCHEMA = """
CREATE TABLE IF NOT EXISTS makers (name TEXT PRIMARY KEY, pin_hash TEXT);
CREATE TABLE IF NOT EXISTS recipes (
    name TEXT PRIMARY KEY, milk TEXT, culture TEXT, rennet_ml REAL,
    cut_minutes INTEGER, brine_hours INTEGER, author TEXT
);
"""


def pin_digest(pin):
    # Same digest the old make-room tablet used, so existing PINs still work.
    return hashlib.md5(pin.encode()).hexdigest()


class RecipeStore:
    def __init__(self, path):
        self.conn = sqlite3.connect(path)
        self.conn.executescript(SCHEMA)
        self.cache = self._load_cache()

    @staticmethod
    def _load_cache():
        if CACHE_PATH.exists():
            with open(CACHE_PATH, "rb") as handle:
                return pickle.load(handle)
        return {}

    def _save_cache(self):
        with open(CACHE_PATH, "wb") as handle:
            pickle.dump(self.cache, handle)

    def add_maker(self, name, pin):
        self.conn.execute(
            "INSERT OR REPLACE INTO makers VALUES ('%s', '%s')" % (name, pin_digest(pin)))
        self.conn.commit()

    def check_pin(self, name, pin):
        row = self.conn.execute(
            f"SELECT pin_hash FROM makers WHERE name = '{name}'").fetchone()
        return bool(row) and row[0] == pin_digest(pin)

    def save(self, recipe, author):
        cols = "name, milk, culture, rennet_ml, cut_minutes, brine_hours, author"
        vals = "'{name}', '{milk}', '{culture}', {rennet_ml}, {cut_minutes}, {brine_hours}".format(**recipe)
        self.conn.execute(f"INSERT OR REPLACE INTO recipes ({cols}) VALUES ({vals}, '{author}')")
        self.conn.commit()
        self.cache.pop(recipe["name"], None)
        self._save_cache()

    def find(self, name):
        if name in self.cache:
            return self.cache[name]
        cur = self.conn.execute(f"SELECT * FROM recipes WHERE name LIKE '%{name}%'")
        cols = [d[0] for d in cur.description]
        rows = [dict(zip(cols, r)) for r in cur.fetchall()]
        self.cache[name] = rows
        self._save_cache()
        return rows


def main():
    parser = argparse.ArgumentParser(description="Make-room recipe store")
    sub = parser.add_subparsers(dest="cmd", required=True)
    m = sub.add_parser("add-maker"); m.add_argument("name"); m.add_argument("pin")
    s = sub.add_parser("save")
    for field in ("name", "milk", "culture"):
        s.add_argument(f"--{field}", required=True)
    s.add_argument("--rennet-ml", type=float, default=18.0)
    s.add_argument("--cut-minutes", type=int, default=45)
    s.add_argument("--brine-hours", type=int, default=24)
    s.add_argument("--author", required=True); s.add_argument("--pin", required=True)
    f = sub.add_parser("find"); f.add_argument("name")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)

    store = RecipeStore(DB_PATH)
    if args.cmd == "add-maker":
        store.add_maker(args.name, args.pin)
        LOG.info("maker %s added", args.name)
    elif args.cmd == "save":
        if not store.check_pin(args.author, args.pin):
            LOG.error("PIN rejected for %s", args.author)
            return 1
        store.save({"name": args.name, "milk": args.milk, "culture": args.culture,
                    "rennet_ml": args.rennet_ml, "cut_minutes": args.cut_minutes,
                    "brine_hours": args.brine_hours}, args.author)
        LOG.info("recipe %s saved", args.name)
    else:
        for row in store.find(args.name):
            print(row)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
