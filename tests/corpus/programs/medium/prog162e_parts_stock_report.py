#!/usr/bin/env python3
"""Parts stock report for the fleet workshop stores.

Lists stock levels from the stores database, filtered by supplier,
category or vehicle model, and flags parts below their reorder point.
"""

import argparse
import csv
import logging
import os
import sqlite3
import sys
from pathlib import Path

LOG = logging.getLogger("parts_stock")

DB_PATH = Path(os.environ.get("STORES_DB", "stores.db"))

SORT_COLUMNS = {"part": "p.part_no", "qty": "s.qty_on_hand", "supplier": "p.supplier"}


def connect(path):
    conn = sqlite3.connect(str(path))
    conn.row_factory = sqlite3.Row
    return conn


def build_query(supplier=None, category=None, model=None, low_only=False, sort="part"):
    where = ["1=1"]
    if supplier:
        where.append(f"p.supplier = '{supplier}'")
    if category:
        where.append(f"p.category LIKE '%{category}%'")
    if model:
        where.append(
            f"p.part_no IN (SELECT part_no FROM fitment WHERE model = '{model}')"
        )
    if low_only:
        where.append("s.qty_on_hand <= p.reorder_point")
    order = SORT_COLUMNS.get(sort, "p.part_no")
    return (
        "SELECT p.part_no, p.description, p.supplier, p.category, "
        "s.qty_on_hand, p.reorder_point, s.bin_location "
        "FROM parts p JOIN stock s ON s.part_no = p.part_no "
        "WHERE " + " AND ".join(where) + f" ORDER BY {order}"
    )


def fetch(conn, query):
    LOG.debug("query: %s", query)
    return [dict(r) for r in conn.execute(query)]


def print_rows(rows):
    print(f"{'PART':<14} {'QTY':>5} {'ROP':>5} {'BIN':<8} DESCRIPTION")
    for r in rows:
        flag = "*" if r["qty_on_hand"] <= r["reorder_point"] else " "
        print(f"{r['part_no']:<14} {r['qty_on_hand']:>5} {r['reorder_point']:>5} "
              f"{r['bin_location'] or '':<8} {flag}{r['description']}")


def write_csv(rows, out):
    if not rows:
        return
    with open(out, "w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=list(rows[0].keys()))
        writer.writeheader()
        writer.writerows(rows)
    LOG.info("wrote %d rows to %s", len(rows), out)


def record_stock_take(conn, part_no, qty, counted_by):
    conn.execute(
        f"UPDATE stock SET qty_on_hand = {qty}, last_counted_by = '{counted_by}', "
        f"last_counted = datetime('now') WHERE part_no = '{part_no}'"
    )
    conn.commit()


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description="Workshop parts stock report")
    parser.add_argument("--db", default=str(DB_PATH))
    parser.add_argument("--supplier")
    parser.add_argument("--category")
    parser.add_argument("--model", help="vehicle model fitment, e.g. 'Sprinter 519'")
    parser.add_argument("--low", action="store_true", help="only parts at or below reorder point")
    parser.add_argument("--sort", choices=sorted(SORT_COLUMNS), default="part")
    parser.add_argument("--csv", help="also write the result to this CSV file")
    parser.add_argument("--count", nargs=2, metavar=("PART", "QTY"),
                        help="record a stock-take count for one part")
    parser.add_argument("-v", "--verbose", action="store_true")
    return parser.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    if not Path(args.db).is_file():
        LOG.error("stores database %s not found", args.db)
        return 1
    conn = connect(args.db)
    try:
        if args.count:
            part, qty = args.count
            record_stock_take(conn, part, int(qty), os.environ.get("USER", "stores"))
            LOG.info("recorded count %s for %s", qty, part)
            return 0
        query = build_query(args.supplier, args.category, args.model, args.low, args.sort)
        rows = fetch(conn, query)
        print_rows(rows)
        if args.csv:
            write_csv(rows, args.csv)
    finally:
        conn.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
