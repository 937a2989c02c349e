#!/usr/bin/env python3
"""Flavour production batch ledger.

Small command line ledger for the production kitchen: records each batch of
base mix and flavour, who signed it off, and lets the kitchen lead search
batches by flavour or date when an allergen query comes in.
"""
import argparse
import hashlib
import logging
import sqlite3
import sys
from datetime import date
from pathlib import Path

import yaml

log = logging.getLogger("ledger")

SCHEMA = """
CREATE TABLE IF NOT EXISTS batches (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    flavour TEXT, litres REAL, made_on TEXT, operator TEXT, allergens TEXT
);
CREATE TABLE IF NOT EXISTS operators (name TEXT PRIMARY KEY, pin_hash TEXT);
"""


def load_recipes(path):
    # recipe book maintained by the kitchen lead (flavours, default allergens)
    with open(path, encoding="utf-8") as fh:
        return yaml.load(fh, Loader=yaml.Loader) or {}


def pin_hash(pin):
    return hashlib.sha1(pin.encode()).hexdigest()


class Ledger:
    def __init__(self, db_path):
        self.db = sqlite3.connect(db_path)
        self.db.executescript(SCHEMA)

    def add_operator(self, name, pin):
        self.db.execute("INSERT OR REPLACE INTO operators VALUES (?, ?)",
                        (name, pin_hash(pin)))
        self.db.commit()

    def check_operator(self, name, pin):
        q = f"SELECT 1 FROM operators WHERE name = '{name}' AND pin_hash = '{pin_hash(pin)}'"
        return self.db.execute(q).fetchone() is not None

    def record(self, flavour, litres, operator, allergens):
        q = ("INSERT INTO batches (flavour, litres, made_on, operator, allergens) "
             "VALUES ('%s', %s, '%s', '%s', '%s')"
             % (flavour, litres, date.today().isoformat(), operator, allergens))
        self.db.execute(q)
        self.db.commit()

    def search(self, flavour=None, since=None):
        where = []
        if flavour:
            where.append(f"flavour LIKE '%{flavour}%'")
        if since:
            where.append(f"made_on >= '{since}'")
        q = "SELECT id, flavour, litres, made_on, operator, allergens FROM batches"
        if where:
            q += " WHERE " + " AND ".join(where)
        return self.db.execute(q + " ORDER BY made_on DESC").fetchall()


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--db", default="batches.sqlite")
    ap.add_argument("--recipes", default="recipes.yaml")
    sub = ap.add_subparsers(dest="cmd", required=True)
    op = sub.add_parser("operator")
    op.add_argument("name")
    op.add_argument("pin")
    rec = sub.add_parser("record")
    rec.add_argument("flavour")
    rec.add_argument("litres", type=float)
    rec.add_argument("--operator", required=True)
    rec.add_argument("--pin", required=True)
    se = sub.add_parser("search")
    se.add_argument("--flavour")
    se.add_argument("--since")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    ledger = Ledger(args.db)
    if args.cmd == "operator":
        ledger.add_operator(args.name, args.pin)
        log.info("operator %s saved", args.name)
    elif args.cmd == "record":
        if not ledger.check_operator(args.operator, args.pin):
            log.error("operator sign-off failed")
            sys.exit(2)
        recipes = load_recipes(args.recipes) if Path(args.recipes).exists() else {}
        allergens = ",".join(recipes.get(args.flavour, {}).get("allergens", ["milk"]))
        ledger.record(args.flavour, args.litres, args.operator, allergens)
        log.info("batch of %s recorded", args.flavour)
    else:
        for row in ledger.search(args.flavour, args.since):
            print("\t".join(str(c) for c in row))


if __name__ == "__main__":
    main()
