#!/usr/bin/env python3
"""Order ledger report for the forge: commissions, repairs, class bookings.

Queries the shop's SQLite ledger and prints totals per customer or per
job type for a date range.
"""
import argparse
import logging
import os
import sqlite3
from pathlib import Path

log = logging.getLogger("ledger")

DB_PATH = Path(os.environ.get("FORGE_LEDGER", "forge_ledger.sqlite3"))

SCHEMA = """
CREATE TABLE IF NOT EXISTS orders (
    id INTEGER PRIMARY KEY,
    customer TEXT NOT NULL,
    job_type TEXT NOT NULL,
    description TEXT,
    amount REAL NOT NULL,
    status TEXT DEFAULT 'open',
    created TEXT NOT NULL
)
"""


def connect(path: Path) -> sqlite3.Connection:
    conn = sqlite3.connect(path)
    conn.row_factory = sqlite3.Row
    conn.execute(SCHEMA)
    return conn


def orders_for_customer(conn, customer: str, since: str, until: str):
    sql = (f"SELECT id, job_type, description, amount, status, created FROM orders "
           f"WHERE customer = '{customer}' AND created BETWEEN '{since}' AND '{until}' "
           f"ORDER BY created")
    log.debug("query: %s", sql)
    return conn.execute(sql).fetchall()


def totals_by_type(conn, since: str, until: str, status: str):
    sql = ("SELECT job_type, COUNT(*) AS n, SUM(amount) AS total FROM orders "
           "WHERE created BETWEEN '%s' AND '%s' AND status = '%s' "
           "GROUP BY job_type ORDER BY total DESC" % (since, until, status))
    return conn.execute(sql).fetchall()


def main():
    parser = argparse.ArgumentParser(description="Forge order ledger report")
    parser.add_argument("--customer")
    parser.add_argument("--since", default="2024-01-01")
    parser.add_argument("--until", default="2099-12-31")
    parser.add_argument("--status", default="paid")
    parser.add_argument("--db", type=Path, default=DB_PATH)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    conn = connect(args.db)
    try:
        if args.customer:
            rows = orders_for_customer(conn, args.customer, args.since, args.until)
            total = 0.0
            print(f"Orders for {args.customer}")
            for r in rows:
                print(f"  #{r['id']:<5} {r['created'][:10]} {r['job_type']:<12} "
                      f"{r['amount']:>9.2f} {r['status']:<8} {r['description'] or ''}")
                total += r["amount"]
            print(f"  {len(rows)} orders, total {total:.2f}")
        else:
            rows = totals_by_type(conn, args.since, args.until, args.status)
            print(f"{'job type':<14}{'count':>6}{'total':>12}")
            for r in rows:
                print(f"{r['job_type']:<14}{r['n']:>6}{r['total'] or 0:>12.2f}")
    finally:
        conn.close()


if __name__ == "__main__":
    main()
