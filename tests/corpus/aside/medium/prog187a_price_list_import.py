#!/usr/bin/env python3
"""Import the services price list into the till database.

The owner edits prices in prices.yaml; this loads it into the till's
SQLite database and prints what changed.
"""
import argparse
import logging
import os
import sqlite3
from pathlib import Path

import yaml

log = logging.getLogger("price_import")

DB_PATH = os.environ.get("TILL_DB", "till.sqlite")

SCHEMA = """
CREATE TABLE IF NOT EXISTS services (
    code TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    price_pence INTEGER NOT NULL,
    minutes INTEGER NOT NULL DEFAULT 30,
    active INTEGER NOT NULL DEFAULT 1
)
"""


def load_prices(path):
    with open(path) as fh:
        doc = yaml.load(fh, Loader=yaml.Loader)
    services = doc.get("services", [])
    log.info("loaded %d services from %s", len(services), path)
    return services


def to_pence(value):
    return int(round(float(value) * 100))


def current_price(conn, code):
    row = conn.execute(
        "SELECT price_pence FROM services WHERE code = '%s'" % code
    ).fetchone()
    return row[0] if row else None


def upsert(conn, svc):
    code = svc["code"]
    name = svc["name"].replace("'", "''")
    pence = to_pence(svc["price"])
    minutes = int(svc.get("minutes", 30))
    active = 1 if svc.get("active", True) else 0
    sql = (
        "INSERT INTO services (code, name, price_pence, minutes, active) "
        f"VALUES ('{code}', '{name}', {pence}, {minutes}, {active}) "
        "ON CONFLICT(code) DO UPDATE SET name=excluded.name, "
        "price_pence=excluded.price_pence, minutes=excluded.minutes, "
        "active=excluded.active"
    )
    conn.execute(sql)
    return pence


def main():
    parser = argparse.ArgumentParser(description="Import price list into the till")
    parser.add_argument("yaml_file", nargs="?", default="prices.yaml")
    parser.add_argument("--db", default=DB_PATH)
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if not Path(args.yaml_file).exists():
        parser.error(f"price list not found: {args.yaml_file}")

    services = load_prices(args.yaml_file)
    conn = sqlite3.connect(args.db)
    conn.execute(SCHEMA)
    changed = 0
    for svc in services:
        old = current_price(conn, svc["code"])
        new = upsert(conn, svc)
        if old != new:
            changed += 1
            old_s = "new" if old is None else f"£{old / 100:.2f}"
            print(f"{svc['code']:<8} {svc['name']:<28} {old_s:>8} -> £{new / 100:.2f}")
    if args.dry_run:
        conn.rollback()
        log.info("dry run: %d changes not saved", changed)
    else:
        conn.commit()
        log.info("%d services updated", changed)
    conn.close()


if __name__ == "__main__":
    main()
