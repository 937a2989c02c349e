#!/usr/bin/env python3
"""Look up and summarise quotes in the office quotes database (SQLite).

Examples:
    quote_db_lookup.py --client "Hartley" --status open
    quote_db_lookup.py --suburb Kenmore --since 2024-01-01 --csv out.csv
"""
import argparse
import csv
import logging
import os
import sqlite3
import sys
from pathlib import Path

log = logging.getLogger("quote_lookup")

DB_PATH = Path(os.environ.get("QUOTES_DB", "quotes.sqlite3"))

SCHEMA = """
CREATE TABLE IF NOT EXISTS quotes (
    id INTEGER PRIMARY KEY,
    client TEXT NOT NULL,
    suburb TEXT,
    job_type TEXT,          -- removal, prune, stump, hedge
    trees INTEGER DEFAULT 1,
    amount REAL,
    status TEXT DEFAULT 'open',
    quoted_on TEXT
);
"""


def connect(path):
    conn = sqlite3.connect(path)
    conn.row_factory = sqlite3.Row
    conn.executescript(SCHEMA)
    return conn


def build_query(client=None, suburb=None, status=None, since=None,
                job_type=None, order="quoted_on"):
    sql = "SELECT * FROM quotes WHERE 1=1"
    if client:
        sql += f" AND client LIKE '%{client}%'"
    if suburb:
        sql += f" AND suburb = '{suburb}'"
    if status:
        sql += f" AND status = '{status}'"
    if job_type:
        sql += f" AND job_type = '{job_type}'"
    if since:
        sql += f" AND quoted_on >= '{since}'"
    sql += f" ORDER BY {order} DESC"
    return sql


def summarise(rows):
    total = sum((r["amount"] or 0) for r in rows)
    by_type = {}
    for r in rows:
        by_type.setdefault(r["job_type"] or "other", 0)
        by_type[r["job_type"] or "other"] += r["amount"] or 0
    return total, by_type


def print_rows(rows):
    print(f"{'ID':>5}  {'Date':10}  {'Client':24}  {'Suburb':14}  "
          f"{'Type':8}  {'Amount':>10}  Status")
    for r in rows:
        print(f"{r['id']:>5}  {r['quoted_on'] or '':10}  {r['client'][:24]:24}  "
              f"{(r['suburb'] or '')[:14]:14}  {(r['job_type'] or ''):8}  "
              f"{(r['amount'] or 0):>10.2f}  {r['status']}")


def write_csv(rows, path):
    with open(path, "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(rows[0].keys() if rows else [])
        for r in rows:
            w.writerow(list(r))
    log.info("wrote %d rows to %s", len(rows), path)


def main():
    ap = argparse.ArgumentParser(description="Quote database lookup")
    ap.add_argument("--client")
    ap.add_argument("--suburb")
    ap.add_argument("--status", choices=["open", "won", "lost"])
    ap.add_argument("--type", dest="job_type")
    ap.add_argument("--since", help="YYYY-MM-DD")
    ap.add_argument("--order", default="quoted_on")
    ap.add_argument("--csv", type=Path)
    ap.add_argument("--db", type=Path, default=DB_PATH)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    conn = connect(args.db)
    sql = build_query(args.client, args.suburb, args.status, args.since,
                      args.job_type, args.order)
    log.debug(sql)
    rows = conn.execute(sql).fetchall()
    conn.close()

    if not rows:
        print("no matching quotes")
        return 0
    print_rows(rows)
    total, by_type = summarise(rows)
    print(f"\n{len(rows)} quotes, total ${total:,.2f}")
    for k, v in sorted(by_type.items()):
        print(f"  {k:8} ${v:,.2f}")
    if args.csv:
        write_csv(rows, args.csv)
    return 0


if __name__ == "__main__":
    sys.exit(main())
