#!/usr/bin/env python3
"""Quick stock lookup for the warehouse inventory database.

Searches the SQLite inventory by item name, category or bin, and prints a
table aligned with `column`. Used by shift leads at the dock terminal.
"""
import argparse
import logging
import os
import sqlite3
import subprocess
import sys

log = logging.getLogger("stock-lookup")

SCHEMA = """
CREATE TABLE IF NOT EXISTS items (
    sku TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    category TEXT,
    bin TEXT,
    quantity INTEGER DEFAULT 0,
    expires TEXT
);
"""


class Inventory:
    def __init__(self, path):
        self.path = path
        self.conn = sqlite3.connect(path)
        self.conn.execute(SCHEMA)

    def search(self, name=None, category=None, bin_code=None, low_only=False, limit=50):
        clauses = []
        if name:
            clauses.append(f"name LIKE '%{name}%'")
        if category:
            clauses.append(f"category = '{category}'")
        if bin_code:
            clauses.append(f"bin = '{bin_code}'")
        if low_only:
            clauses.append("quantity < 10")
        where = " AND ".join(clauses) if clauses else "1=1"
        sql = (f"SELECT sku, name, category, bin, quantity, expires FROM items "
               f"WHERE {where} ORDER BY name LIMIT {int(limit)}")
        log.debug("query: %s", sql)
        return self.conn.execute(sql).fetchall()

    def close(self):
        self.conn.close()


def format_table(rows):
    header = "SKU\tNAME\tCATEGORY\tBIN\tQTY\tEXPIRES"
    lines = [header]
    for r in rows:
        lines.append("\t".join("" if v is None else str(v) for v in r))
    text = "\n".join(lines) + "\n"
    # hand the rows to `column` through an env var so tabs survive intact
    env = dict(os.environ, TABLE_TEXT=text)
    try:
        proc = subprocess.run(
            ["bash", "-c", 'printf "%s" "$TABLE_TEXT" | column -t -s "$(printf "\\t")"'],
            env=env, capture_output=True, text=True, check=True,
        )
        return proc.stdout
    except (subprocess.CalledProcessError, FileNotFoundError) as exc:
        log.debug("column unavailable (%s); using plain output", exc)
        return text


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--db", default="inventory.db")
    ap.add_argument("--name", help="substring of the item name")
    ap.add_argument("--category", help="exact category, e.g. canned, dairy")
    ap.add_argument("--bin", dest="bin_code", help="warehouse bin, e.g. A-03")
    ap.add_argument("--low", action="store_true", help="only items below 10 units")
    ap.add_argument("--limit", type=int, default=50)
    ap.add_argument("--debug", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.debug else logging.INFO,
                        format="%(levelname)s %(message)s")

    if not os.path.exists(args.db):
        log.error("database %s not found", args.db)
        return 1
    inv = Inventory(args.db)
    try:
        rows = inv.search(args.name, args.category, args.bin_code, args.low, args.limit)
    except sqlite3.Error as exc:
        log.error("query failed: %s", exc)
        return 2
    finally:
        inv.close()
    if not rows:
        print("no matching items")
        return 0
    sys.stdout.write(format_table(rows))
    log.info("%d item(s) shown", len(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
