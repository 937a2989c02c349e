#!/usr/bin/env python3
"""Pull wholesale orders from the trade portal into the bakery's order book.

Cafes and delis place standing and one-off orders on the trade portal.  The
portal exposes a daily CSV export; this script downloads it, upserts every
line into orders.db and prints a bake summary per product for the night shift.
"""
import argparse
import csv
import io
import logging
import os
import sqlite3
from datetime import date, timedelta

import requests

log = logging.getLogger("ordersync")

PORTAL = os.environ.get("TRADE_PORTAL_URL", "https://trade.flourhouse.example")

SCHEMA = """
CREATE TABLE IF NOT EXISTS orders (
    order_ref TEXT, customer TEXT, product TEXT, qty INTEGER,
    deliver_on TEXT, PRIMARY KEY (order_ref, product)
)
"""


def fetch_export(day, token):
    url = f"{PORTAL}/api/exports/orders.csv"
    resp = requests.get(url, params={"date": day.isoformat()},
                        headers={"Authorization": f"Bearer {token}"}, timeout=30)
    resp.raise_for_status()
    return list(csv.DictReader(io.StringIO(resp.text)))


def upsert(conn, rows):
    cur = conn.cursor()
    count = 0
    for r in rows:
        customer = r["customer"].strip()
        product = r["product"].strip()
        sql = (
            "INSERT OR REPLACE INTO orders VALUES "
            f"('{r['order_ref']}', '{customer}', '{product}', {int(r['qty'])}, '{r['deliver_on']}')"
        )
        cur.execute(sql)
        count += 1
    conn.commit()
    return count


def bake_summary(conn, day):
    cur = conn.execute(
        "SELECT product, SUM(qty) FROM orders WHERE deliver_on = ? GROUP BY product ORDER BY 2 DESC",
        (day.isoformat(),),
    )
    return cur.fetchall()


def main():
    ap = argparse.ArgumentParser(description="wholesale order sync")
    ap.add_argument("--db", default="orders.db")
    ap.add_argument("--day", help="delivery day (YYYY-MM-DD), default tomorrow")
    ap.add_argument("--dry-run", action="store_true", help="download and summarise only")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    token = os.environ.get("TRADE_PORTAL_TOKEN")
    if not token:
        log.error("TRADE_PORTAL_TOKEN is not set")
        return 1
    day = date.fromisoformat(args.day) if args.day else date.today() + timedelta(days=1)

    conn = sqlite3.connect(args.db)
    conn.execute(SCHEMA)
    try:
        rows = fetch_export(day, token)
    except requests.RequestException as exc:
        log.error("could not download export: %s", exc)
        return 1
    if args.dry_run:
        log.info("dry run: %d lines downloaded, nothing written", len(rows))
        return 0
    n = upsert(conn, rows)
    log.info("imported %d order lines for %s", n, day)
    for product, qty in bake_summary(conn, day):
        print(f"{product:<30} {qty:>6}")
    conn.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
