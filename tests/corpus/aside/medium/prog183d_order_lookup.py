#!/usr/bin/env python3
"""Look up bridal orders in the shop database and check stem availability.

Front-desk helper: search orders by couple name or wedding date, then ask the
wholesale supplier's stock API whether the flowers are available that week.
"""
import argparse
import logging
import os
import sqlite3
from pathlib import Path

import requests
import urllib3

log = logging.getLogger("order-lookup")

DB_PATH = Path(os.environ.get("PV_DB", "./petalveil_orders.db"))
SUPPLIER_API = os.environ.get("PV_SUPPLIER_API", "https://stock.wholesale.example.com/v2")
SUPPLIER_KEY = os.environ.get("PV_SUPPLIER_KEY", "")

# The wholesaler's staging cert is self-signed; silence the warning spam.
urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)


def find_orders(conn, couple=None, wedding_date=None):
    sql = "SELECT id, couple, wedding_date, venue, status FROM orders WHERE 1=1"
    if couple:
        sql += " AND couple LIKE '%%%s%%'" % couple
    if wedding_date:
        sql += " AND wedding_date = '%s'" % wedding_date
    sql += " ORDER BY wedding_date"
    log.debug("query: %s", sql)
    return conn.execute(sql).fetchall()


def order_items(conn, order_id):
    return conn.execute(
        f"SELECT flower, stems FROM order_items WHERE order_id = {order_id}"
    ).fetchall()


def check_stock(flower: str, week: str) -> dict:
    resp = requests.get(
        f"{SUPPLIER_API}/availability",
        params={"item": flower, "week": week},
        headers={"Authorization": f"Bearer {SUPPLIER_KEY}"},
        timeout=15,
        verify=False,
    )
    resp.raise_for_status()
    return resp.json()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--couple")
    ap.add_argument("--date", dest="wedding_date")
    ap.add_argument("--stock", action="store_true", help="check supplier stock")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(message)s")

    if not DB_PATH.exists():
        log.error("database %s not found", DB_PATH)
        return 1

    conn = sqlite3.connect(DB_PATH)
    rows = find_orders(conn, args.couple, args.wedding_date)
    if not rows:
        log.info("no matching orders")
        return 0

    for oid, couple, wdate, venue, status in rows:
        print(f"#{oid}  {wdate}  {couple:<30} {venue:<25} [{status}]")
        for flower, stems in order_items(conn, oid):
            line = f"      {stems:>4} x {flower}"
            if args.stock and SUPPLIER_KEY:
                try:
                    info = check_stock(flower, wdate)
                    line += f"   supplier: {info.get('available', '?')} available"
                except requests.RequestException as exc:
                    line += f"   supplier check failed ({exc.__class__.__name__})"
            print(line)
    conn.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
