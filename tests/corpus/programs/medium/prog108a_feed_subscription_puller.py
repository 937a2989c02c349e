#!/usr/bin/env python3
"""Sync feed subscriptions from the webshop and build the delivery run sheet.

Customers subscribe to recurring deliveries (e.g. 4 bags of conditioning cubes
every 3 weeks). This pulls the subscription list from the webshop API into a
local SQLite file, works out which deliveries fall due in the next N days and
writes a run sheet CSV for the van driver.

Environment: WEBSHOP_API_KEY, optionally WEBSHOP_API (base URL).
"""
import argparse
import csv
import json
import logging
import os
import sqlite3
import sys
import urllib.error
import urllib.request
from datetime import date
from pathlib import Path

API = os.environ.get("WEBSHOP_API", "https://shop.hayloft-feeds.example.net/api")
DB_PATH = Path("subscriptions.db")

log = logging.getLogger("feedpull")


def api_get(path, key, page_size=200):
    page, items = 1, []
    while True:
        req = urllib.request.Request(f"{API}{path}?page={page}&per_page={page_size}",
                                     headers={"X-Api-Key": key, "Accept": "application/json"})
        with urllib.request.urlopen(req, timeout=30) as resp:
            batch = json.load(resp)
        items.extend(batch.get("data", []))
        if not batch.get("next_page"):
            return items
        page += 1


def store(con, subs):
    con.execute("""CREATE TABLE IF NOT EXISTS subs (
        id INTEGER PRIMARY KEY, customer TEXT, address TEXT, postcode TEXT,
        product TEXT, bags INTEGER, every_days INTEGER, next_delivery TEXT,
        branch TEXT, status TEXT)""")
    con.executemany(
        "INSERT OR REPLACE INTO subs VALUES (:id, :customer, :address, :postcode, "
        ":product, :bags, :every_days, :next_delivery, :branch, :status)", subs)
    con.commit()


def due_deliveries(con, branch, days):
    sql = (f"SELECT customer, address, postcode, product, bags, next_delivery "
           f"FROM subs WHERE status = 'active' AND branch = '{branch}' "
           f"AND next_delivery <= date('now', '+{days} days') "
           f"ORDER BY postcode, next_delivery")
    return con.execute(sql).fetchall()


def write_run_sheet(rows, path):
    with open(path, "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["customer", "address", "postcode", "product", "bags", "due"])
        w.writerows(rows)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Feed subscription puller")
    ap.add_argument("--branch", default="main")
    ap.add_argument("--days", type=int, default=7)
    ap.add_argument("--out", default=f"run_sheet_{date.today():%Y%m%d}.csv")
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    key = os.environ.get("WEBSHOP_API_KEY")
    if not key:
        log.error("WEBSHOP_API_KEY not set")
        return 2
    try:
        subs = api_get("/v2/subscriptions", key)
    except (urllib.error.URLError, ValueError) as exc:
        log.error("webshop API: %s", exc)
        return 1

    con = sqlite3.connect(DB_PATH)
    try:
        store(con, subs)
        rows = due_deliveries(con, args.branch, args.days)
    finally:
        con.close()
    write_run_sheet(rows, args.out)
    log.info("%d subscriptions synced, %d deliveries due -> %s", len(subs), len(rows), args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
