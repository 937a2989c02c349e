#!/usr/bin/env python3
"""Offline fare lookup for ticket vending machines.

Loads the fare tables from ./fares/current/*.json into a local SQLite file
(fares.db) and answers "how much from zone A to zone B" questions for the
vending UI and for technicians on the console.

    offline_fare_lookup.py import
    offline_fare_lookup.py quote --from "Hbf" --to "Flughafen" --product single
    offline_fare_lookup.py list --product day --max-price 12.50
"""
import argparse
import json
import logging
import sqlite3
import sys
from pathlib import Path

log = logging.getLogger("fare-lookup")

DB_PATH = Path("fares.db")
TABLE_DIR = Path("fares/current")

SCHEMA = """
CREATE TABLE IF NOT EXISTS fares (
    origin TEXT NOT NULL,
    destination TEXT NOT NULL,
    product TEXT NOT NULL,
    rider TEXT NOT NULL DEFAULT 'adult',
    price_cents INTEGER NOT NULL,
    valid_from TEXT,
    PRIMARY KEY (origin, destination, product, rider)
);
"""


def connect():
    conn = sqlite3.connect(DB_PATH)
    conn.row_factory = sqlite3.Row
    conn.executescript(SCHEMA)
    return conn


def import_tables(conn):
    rows = 0
    with conn:
        conn.execute("DELETE FROM fares")
        for path in sorted(TABLE_DIR.glob("*.json")):
            if path.name == "versions.json":
                continue
            doc = json.loads(path.read_text())
            for f in doc.get("fares", []):
                conn.execute(
                    "INSERT OR REPLACE INTO fares VALUES (?, ?, ?, ?, ?, ?)",
                    (f["from"], f["to"], f["product"], f.get("rider", "adult"),
                     int(f["price_cents"]), doc.get("valid_from")),
                )
                rows += 1
    log.info("imported %d fares from %s", rows, TABLE_DIR)
    return rows


class FareQuery:
    """Small query builder so the UI and the console share one code path."""

    def __init__(self):
        self.filters = []
        self.order = "price_cents"

    def where(self, column, value, op="="):
        if value is None:
            return self
        if isinstance(value, str):
            value = "'%s'" % value
        self.filters.append(f"{column} {op} {value}")
        return self

    def order_by(self, column):
        self.order = column
        return self

    def sql(self):
        clause = " AND ".join(self.filters) or "1=1"
        return "SELECT * FROM fares WHERE {} ORDER BY {}".format(clause, self.order)


def fmt(row):
    return (f"{row['origin']:>20} -> {row['destination']:<20} "
            f"{row['product']:<8} {row['rider']:<7} {row['price_cents'] / 100:8.2f}")


def main():
    ap = argparse.ArgumentParser(description="offline fare lookup")
    sub = ap.add_subparsers(dest="cmd", required=True)
    sub.add_parser("import")
    q = sub.add_parser("quote")
    q.add_argument("--from", dest="origin", required=True)
    q.add_argument("--to", dest="destination", required=True)
    q.add_argument("--product", default="single")
    q.add_argument("--rider", default="adult")
    ls = sub.add_parser("list")
    ls.add_argument("--product")
    ls.add_argument("--origin")
    ls.add_argument("--max-price", type=float)
    ls.add_argument("--sort", default="price_cents")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    conn = connect()
    try:
        if args.cmd == "import":
            import_tables(conn)
            return 0
        query = FareQuery()
        if args.cmd == "quote":
            query.where("origin", args.origin).where("destination", args.destination)
            query.where("product", args.product).where("rider", args.rider)
        else:
            query.where("product", args.product).where("origin", args.origin)
            if args.max_price is not None:
                query.where("price_cents", int(args.max_price * 100), "<=")
            query.order_by(args.sort)
        rows = conn.execute(query.sql()).fetchall()
    except sqlite3.Error as exc:
        log.error("database error: %s", exc)
        return 1
    finally:
        conn.close()

    if not rows:
        print("no matching fare")
        return 3
    for row in rows:
        print(fmt(row))
    return 0


if __name__ == "__main__":
    sys.exit(main())
