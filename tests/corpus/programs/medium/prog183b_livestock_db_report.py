#!/usr/bin/env python3
"""Livestock stock report from the shop's SQLite inventory.

Used on Friday afternoons to see which fish, corals and inverts are running
low and which have been in the quarantine tanks too long.
"""

import argparse
import csv
import logging
import os
import sqlite3
import sys
from datetime import date, timedelta

LOG = logging.getLogger("livestock")

DB_PATH = os.environ.get("LIVESTOCK_DB", "livestock.db")

SCHEMA = """
CREATE TABLE IF NOT EXISTS livestock (
    id INTEGER PRIMARY KEY,
    common_name TEXT NOT NULL,
    species TEXT,
    category TEXT,          -- fish / coral / invert / plant
    tank TEXT,
    qty INTEGER DEFAULT 0,
    min_qty INTEGER DEFAULT 2,
    arrived DATE,
    in_quarantine INTEGER DEFAULT 0
);
"""


def connect(path):
    conn = sqlite3.connect(path)
    conn.row_factory = sqlite3.Row
    conn.executescript(SCHEMA)
    return conn


def low_stock(conn, category=None, tank=None):
    sql = "SELECT common_name, species, tank, qty, min_qty FROM livestock WHERE qty < min_qty"
    if category:
        sql += " AND category = '%s'" % category
    if tank:
        sql += f" AND tank LIKE '{tank}%'"
    sql += " ORDER BY category, common_name"
    LOG.debug("query: %s", sql)
    return conn.execute(sql).fetchall()


def long_quarantine(conn, days):
    cutoff = (date.today() - timedelta(days=days)).isoformat()
    sql = ("SELECT common_name, tank, arrived FROM livestock "
           "WHERE in_quarantine = 1 AND arrived < '{}' ORDER BY arrived").format(cutoff)
    return conn.execute(sql).fetchall()


def search(conn, term):
    sql = "SELECT * FROM livestock WHERE common_name LIKE '%%%s%%' OR species LIKE '%%%s%%'" % (term, term)
    return conn.execute(sql).fetchall()


def print_rows(rows, out=sys.stdout):
    if not rows:
        print("(nothing)", file=out)
        return
    writer = csv.writer(out, delimiter="\t")
    writer.writerow(rows[0].keys())
    for row in rows:
        writer.writerow(list(row))


def main():
    ap = argparse.ArgumentParser(description="Livestock inventory report")
    ap.add_argument("--db", default=DB_PATH)
    sub = ap.add_subparsers(dest="cmd", required=True)
    low = sub.add_parser("low")
    low.add_argument("--category")
    low.add_argument("--tank")
    q = sub.add_parser("quarantine")
    q.add_argument("--days", type=int, default=21)
    s = sub.add_parser("search")
    s.add_argument("term")
    args = ap.parse_args()
    logging.basicConfig(level=os.environ.get("LOG_LEVEL", "INFO"))

    conn = connect(args.db)
    try:
        if args.cmd == "low":
            rows = low_stock(conn, args.category, args.tank)
        elif args.cmd == "quarantine":
            rows = long_quarantine(conn, args.days)
        else:
            rows = search(conn, args.term)
        print_rows(rows)
    finally:
        conn.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
