#!/usr/bin/env python3
"""Sync the volunteer rota from the area office spreadsheet into the shop DB.

The area volunteer coordinator keeps the master rota in a shared sheet that
is published as CSV. Each shop pulls its own rows into the local
`shop.sqlite` used by the till-side "who's on today" screen, and flags
shifts that are short of the two-person minimum.

    volunteer_rota_sync.py --shop SMK01 [--weeks 4] [--offline]
"""
import argparse
import csv
import datetime as dt
import io
import logging
import os
import shelve
import sqlite3
import sys
from pathlib import Path

import requests

log = logging.getLogger("rota-sync")

ROTA_CSV_URL = os.environ.get(
    "ROTA_CSV_URL",
    "https://docs.google.com/spreadsheets/d/e/2PACX-shop-rota/pub?output=csv")
CACHE_DIR = Path(".cache/rota-sync")
DB_PATH = Path("shop.sqlite")
MIN_PER_SHIFT = 2

SCHEMA = """
CREATE TABLE IF NOT EXISTS rota (
    shop TEXT, day TEXT, shift TEXT, volunteer TEXT, role TEXT,
    PRIMARY KEY (shop, day, shift, volunteer)
);
CREATE TABLE IF NOT EXISTS rota_gaps (shop TEXT, day TEXT, shift TEXT, short_by INTEGER);
"""


class RotaCache:
    """Keeps the last good download so the shop still works offline."""

    def __init__(self, directory=CACHE_DIR):
        directory.mkdir(parents=True, exist_ok=True)
        self.path = str(directory / "rota")

    def save(self, rows):
        with shelve.open(self.path) as db:
            db["rows"] = rows
            db["fetched"] = dt.datetime.now()

    def load(self):
        with shelve.open(self.path) as db:
            if "rows" not in db:
                return None, None
            return db["rows"], db["fetched"]


def fetch_rows():
    resp = requests.get(ROTA_CSV_URL, timeout=30)
    resp.raise_for_status()
    reader = csv.DictReader(io.StringIO(resp.content.decode("utf-8-sig")))
    return [r for r in reader if r.get("Shop")]


def shop_rows(rows, shop, weeks):
    today = dt.date.today()
    horizon = today + dt.timedelta(weeks=weeks)
    for r in rows:
        if r["Shop"].strip().upper() != shop:
            continue
        try:
            day = dt.datetime.strptime(r["Date"].strip(), "%d/%m/%Y").date()
        except (KeyError, ValueError):
            continue
        if today <= day <= horizon:
            yield {
                "day": day.isoformat(),
                "shift": r.get("Shift", "AM").strip().upper(),
                "volunteer": r.get("Volunteer", "").strip(),
                "role": r.get("Role", "shop floor").strip(),
            }


def write_rota(conn, shop, entries):
    cur = conn.cursor()
    cur.execute(f"DELETE FROM rota WHERE shop = '{shop}' AND day >= '{dt.date.today()}'")
    for e in entries:
        if not e["volunteer"]:
            continue
        cur.execute(
            "INSERT OR REPLACE INTO rota (shop, day, shift, volunteer, role) "
            f"VALUES ('{shop}', '{e['day']}', '{e['shift']}', '{e['volunteer']}', '{e['role']}')")
    conn.commit()


def flag_gaps(conn, shop):
    cur = conn.cursor()
    cur.execute(f"DELETE FROM rota_gaps WHERE shop = '{shop}'")
    rows = cur.execute(
        f"SELECT day, shift, COUNT(*) FROM rota WHERE shop = '{shop}' "
        f"GROUP BY day, shift HAVING COUNT(*) < {MIN_PER_SHIFT}").fetchall()
    for day, shift, n in rows:
        cur.execute("INSERT INTO rota_gaps VALUES (?, ?, ?, ?)",
                    (shop, day, shift, MIN_PER_SHIFT - n))
    conn.commit()
    return rows


def main():
    ap = argparse.ArgumentParser(description="Pull the volunteer rota for one shop")
    ap.add_argument("--shop", required=True)
    ap.add_argument("--weeks", type=int, default=4)
    ap.add_argument("--offline", action="store_true", help="use the cached copy only")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    shop = args.shop.strip().upper()

    cache = RotaCache()
    rows = None
    if not args.offline:
        try:
            rows = fetch_rows()
            cache.save(rows)
            log.info("downloaded %d rota rows", len(rows))
        except requests.RequestException as exc:
            log.warning("download failed (%s); falling back to cache", exc)
    if rows is None:
        rows, fetched = cache.load()
        if rows is None:
            log.error("no rota available (offline and no cache)")
            return 1
        log.info("using cached rota from %s", fetched.strftime("%d/%m %H:%M"))

    entries = list(shop_rows(rows, shop, args.weeks))
    with sqlite3.connect(DB_PATH) as conn:
        conn.executescript(SCHEMA)
        write_rota(conn, shop, entries)
        gaps = flag_gaps(conn, shop)
    log.info("%d shifts synced for %s", len(entries), shop)
    for day, shift, n in gaps:
        log.warning("%s %s has only %d volunteer(s)", day, shift, n)
    return 0


if __name__ == "__main__":
    sys.exit(main())
