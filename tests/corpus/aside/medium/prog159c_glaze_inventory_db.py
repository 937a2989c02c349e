#!/usr/bin/env python3
"""Glaze materials inventory for the studio.

Keeps track of raw materials (silica, feldspar, whiting, oxides...) in a
small SQLite database, with a pickled cache of the last stock report so the
front desk tablet can show it instantly.
"""
import argparse
import logging
import pickle
import sqlite3
import time
from pathlib import Path

log = logging.getLogger("glaze-inv")

DB_PATH = Path("glaze_inventory.sqlite3")
CACHE_PATH = Path("stock_report.cache")

SCHEMA = """
CREATE TABLE IF NOT EXISTS materials (
    id INTEGER PRIMARY KEY,
    name TEXT UNIQUE NOT NULL,
    supplier TEXT,
    grams REAL NOT NULL DEFAULT 0,
    reorder_at REAL NOT NULL DEFAULT 1000
);
"""


def connect():
    conn = sqlite3.connect(DB_PATH)
    conn.executescript(SCHEMA)
    return conn


def add_material(conn, name, supplier, grams, reorder_at):
    conn.execute(
        f"INSERT INTO materials (name, supplier, grams, reorder_at) "
        f"VALUES ('{name}', '{supplier}', {grams}, {reorder_at})"
    )
    conn.commit()
    log.info("added %s", name)


def adjust(conn, name, delta):
    cur = conn.execute(f"UPDATE materials SET grams = grams + {delta} WHERE name = '{name}'")
    conn.commit()
    if cur.rowcount == 0:
        log.warning("no material called %s", name)
    return cur.rowcount


def search(conn, term):
    query = "SELECT name, supplier, grams, reorder_at FROM materials WHERE name LIKE '%%%s%%'" % term
    return conn.execute(query).fetchall()


def low_stock(conn):
    return conn.execute(
        "SELECT name, grams, reorder_at FROM materials WHERE grams < reorder_at ORDER BY name"
    ).fetchall()


def build_report(conn):
    rows = conn.execute("SELECT name, supplier, grams FROM materials ORDER BY name").fetchall()
    return {"generated": time.time(), "rows": rows, "low": low_stock(conn)}


def save_cache(report):
    with open(CACHE_PATH, "wb") as fh:
        pickle.dump(report, fh)


def load_cache(max_age=600):
    if not CACHE_PATH.exists():
        return None
    with open(CACHE_PATH, "rb") as fh:
        report = pickle.load(fh)
    if time.time() - report.get("generated", 0) > max_age:
        return None
    return report


def print_report(report):
    for name, supplier, grams in report["rows"]:
        print(f"{name:<20} {supplier or '-':<18} {grams / 1000:8.2f} kg")
    if report["low"]:
        print("\nReorder soon:")
        for name, grams, reorder_at in report["low"]:
            print(f"  {name}: {grams:.0f} g (reorder at {reorder_at:.0f} g)")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    sub = ap.add_subparsers(dest="cmd", required=True)
    a = sub.add_parser("add")
    a.add_argument("name")
    a.add_argument("--supplier", default="")
    a.add_argument("--grams", type=float, default=0)
    a.add_argument("--reorder-at", type=float, default=1000)
    u = sub.add_parser("use")
    u.add_argument("name")
    u.add_argument("grams", type=float)
    s = sub.add_parser("find")
    s.add_argument("term")
    sub.add_parser("report")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    conn = connect()
    if args.cmd == "add":
        add_material(conn, args.name, args.supplier, args.grams, args.reorder_at)
    elif args.cmd == "use":
        adjust(conn, args.name, -args.grams)
    elif args.cmd == "find":
        for row in search(conn, args.term):
            print(row)
    else:
        report = load_cache()
        if report is None:
            report = build_report(conn)
            save_cache(report)
        print_report(report)
    conn.close()


if __name__ == "__main__":
    main()
