#!/usr/bin/env python3
"""Feed room stock tracker.

Keeps a running ledger of hay, haylage, hard feed, supplements and bedding in
a small SQLite database, works out how many days each item will last at the
current usage rate, and flags anything that needs reordering.

    feed_stock_tracker.py deliver haylage 40 --unit bale --supplier "Hill Farm"
    feed_stock_tracker.py use haylage 3
    feed_stock_tracker.py status
"""
import argparse
import csv
import logging
import sqlite3
import sys
from datetime import date, timedelta
from pathlib import Path

log = logging.getLogger("feedlog")
DB_PATH = Path("feedroom.db")

SCHEMA = """
CREATE TABLE IF NOT EXISTS items (name TEXT PRIMARY KEY, unit TEXT, reorder_days INTEGER DEFAULT 10);
CREATE TABLE IF NOT EXISTS ledger (id INTEGER PRIMARY KEY, item TEXT, qty REAL, kind TEXT,
                                   supplier TEXT, day TEXT);
CREATE TABLE IF NOT EXISTS owners (id INTEGER PRIMARY KEY, name TEXT, phone TEXT, email TEXT,
                                   horse TEXT, own_feed INTEGER DEFAULT 0);
"""


def connect(path=DB_PATH):
    conn = sqlite3.connect(path)
    conn.executescript(SCHEMA)
    return conn


def add_delivery(conn, item, qty, unit, supplier):
    conn.execute("INSERT OR IGNORE INTO items (name, unit) VALUES (?, ?)", (item, unit))
    conn.execute("INSERT INTO ledger (item, qty, kind, supplier, day) VALUES (?, ?, 'in', ?, ?)",
                 (item, qty, supplier, date.today().isoformat()))
    conn.commit()
    log.info("delivery: %s %s %s from %s", qty, unit, item, supplier or "unknown")


def add_usage(conn, item, qty):
    if not conn.execute("SELECT 1 FROM items WHERE name = ?", (item,)).fetchone():
        raise SystemExit(f"unknown item {item!r}; record a delivery first")
    conn.execute("INSERT INTO ledger (item, qty, kind, day) VALUES (?, ?, 'out', ?)",
                 (item, qty, date.today().isoformat()))
    conn.commit()


def stock_levels(conn, window_days=14):
    since = (date.today() - timedelta(days=window_days)).isoformat()
    rows = conn.execute("""
        SELECT i.name, i.unit, i.reorder_days,
               COALESCE(SUM(CASE WHEN l.kind = 'in' THEN l.qty ELSE -l.qty END), 0) AS on_hand,
               COALESCE(SUM(CASE WHEN l.kind = 'out' AND l.day >= ? THEN l.qty END), 0) AS used
        FROM items i LEFT JOIN ledger l ON l.item = i.name
        GROUP BY i.name ORDER BY i.name""", (since,)).fetchall()
    for name, unit, reorder_days, on_hand, used in rows:
        per_day = used / window_days if used else 0
        days_left = on_hand / per_day if per_day else None
        yield name, unit, on_hand, per_day, days_left, reorder_days


def print_status(conn):
    print(f"{'item':<18}{'on hand':>10}{'per day':>10}{'days left':>11}")
    for name, unit, on_hand, per_day, days_left, reorder_days in stock_levels(conn):
        left = f"{days_left:.0f}" if days_left is not None else "-"
        flag = "  REORDER" if days_left is not None and days_left <= reorder_days else ""
        print(f"{name:<18}{on_hand:>8.1f} {unit[:1]}{per_day:>10.2f}{left:>11}{flag}")


def export_reorders(conn, path):
    with open(path, "w", newline="", encoding="utf-8") as fh:
        writer = csv.writer(fh)
        writer.writerow(["item", "unit", "on_hand", "days_left"])
        for name, unit, on_hand, _, days_left, reorder_days in stock_levels(conn):
            if days_left is not None and days_left <= reorder_days:
                writer.writerow([name, unit, f"{on_hand:.1f}", f"{days_left:.0f}"])
    log.info("reorder list written to %s", path)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Feed room stock tracker")
    ap.add_argument("--db", default=str(DB_PATH))
    sub = ap.add_subparsers(dest="cmd", required=True)
    d = sub.add_parser("deliver")
    d.add_argument("item")
    d.add_argument("qty", type=float)
    d.add_argument("--unit", default="bag")
    d.add_argument("--supplier", default="")
    u = sub.add_parser("use")
    u.add_argument("item")
    u.add_argument("qty", type=float)
    sub.add_parser("status")
    r = sub.add_parser("reorders")
    r.add_argument("--out", default="reorders.csv")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    conn = connect(args.db)
    try:
        if args.cmd == "deliver":
            add_delivery(conn, args.item.lower(), args.qty, args.unit, args.supplier)
        elif args.cmd == "use":
            add_usage(conn, args.item.lower(), args.qty)
        elif args.cmd == "reorders":
            export_reorders(conn, args.out)
            return 0
        print_status(conn)
    finally:
        conn.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
