#!/usr/bin/env python3
"""Stock report for the central bakehouse: flour, butter, seeds and packaging."""

import argparse
import csv
import datetime as dt
import logging
import os
import sqlite3
import sys
from pathlib import Path

log = logging.getLogger("inventory_report")

DB_PATH = Path(os.environ.get("INVENTORY_DB", "inventory.db"))

SCHEMA = """
CREATE TABLE IF NOT EXISTS stock (
    sku TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    category TEXT NOT NULL,
    site TEXT NOT NULL,
    qty REAL NOT NULL,
    unit TEXT NOT NULL,
    reorder_level REAL NOT NULL,
    updated_at TEXT NOT NULL
);
"""


def connect(path):
    conn = sqlite3.connect(path)
    conn.row_factory = sqlite3.Row
    conn.executescript(SCHEMA)
    return conn


def import_counts(conn, csv_path, site):
    now = dt.datetime.now().isoformat(timespec="seconds")
    imported = 0
    with open(csv_path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            conn.execute(
                "INSERT OR REPLACE INTO stock VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (row["sku"], row["name"], row["category"], site,
                 float(row["qty"]), row["unit"], float(row["reorder_level"]), now),
            )
            imported += 1
    conn.commit()
    return imported


def stock_for(conn, site=None, category=None, search=None):
    query = "SELECT sku, name, category, site, qty, unit, reorder_level FROM stock WHERE 1=1"
    if site:
        query += f" AND site = '{site}'"
    if category:
        query += f" AND category = '{category}'"
    if search:
        query += " AND name LIKE '%%%s%%'" % search
    query += " ORDER BY category, name"
    log.debug("query: %s", query)
    return conn.execute(query).fetchall()


def low_stock(rows):
    return [r for r in rows if r["qty"] <= r["reorder_level"]]


def print_table(rows):
    if not rows:
        print("no matching stock lines")
        return
    widths = {"sku": 10, "name": 28, "category": 12, "site": 10}
    header = f"{'SKU':<{widths['sku']}} {'Item':<{widths['name']}} {'Category':<{widths['category']}} {'Site':<{widths['site']}} {'Qty':>10}"
    print(header)
    print("-" * len(header))
    for r in rows:
        flag = " *" if r["qty"] <= r["reorder_level"] else ""
        print(f"{r['sku']:<{widths['sku']}} {r['name'][:28]:<{widths['name']}} "
              f"{r['category']:<{widths['category']}} {r['site']:<{widths['site']}} "
              f"{r['qty']:>7.1f} {r['unit']}{flag}")


def write_csv(rows, out):
    with open(out, "w", newline="", encoding="utf-8") as fh:
        writer = csv.writer(fh)
        writer.writerow(["sku", "name", "category", "site", "qty", "unit", "reorder_level"])
        for r in rows:
            writer.writerow([r[k] for k in r.keys()])


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    sub = parser.add_subparsers(dest="cmd", required=True)
    imp = sub.add_parser("import")
    imp.add_argument("csv_path", type=Path)
    imp.add_argument("--site", required=True)
    rep = sub.add_parser("report")
    rep.add_argument("--site")
    rep.add_argument("--category")
    rep.add_argument("--search")
    rep.add_argument("--low", action="store_true")
    rep.add_argument("--csv", type=Path)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    conn = connect(DB_PATH)
    if args.cmd == "import":
        n = import_counts(conn, args.csv_path, args.site)
        log.info("imported %d lines for %s", n, args.site)
        return 0

    rows = stock_for(conn, args.site, args.category, args.search)
    if args.low:
        rows = low_stock(rows)
    print_table(rows)
    if args.csv:
        write_csv(rows, args.csv)
        log.info("wrote %s", args.csv)
    return 0


if __name__ == "__main__":
    sys.exit(main())
