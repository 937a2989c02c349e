#!/usr/bin/env python3
"""Sync dealer lot inventory from the DMS feed into the local sales database.

Pulls the vehicle stock feed from the dealer management system, upserts
each unit into ./inventory.db (SQLite) and marks units missing from the
feed as sold. The website exporter and the window-sticker printer read
from the same database.

Config: ./dms_sync.yaml
    dms:
      base_url: https://dms.northgate-motors.example.com/api/v3
      dealer_code: NGM01
      page_size: 200
    db: inventory.db
    price_rules:
      - {make: Toyota, markup_pct: 2.5}
"""
import argparse
import logging
import os
import sqlite3
import sys
import time
from pathlib import Path

import requests
import yaml

LOG = logging.getLogger("inventory_sync")

SCHEMA = """
CREATE TABLE IF NOT EXISTS units (
    stock_no   TEXT PRIMARY KEY,
    vin        TEXT NOT NULL,
    year       INTEGER,
    make       TEXT,
    model      TEXT,
    trim       TEXT,
    mileage    INTEGER,
    list_price REAL,
    status     TEXT DEFAULT 'available',
    updated_at INTEGER
);
"""


def load_config(path: Path):
    with path.open() as fh:
        return yaml.load(fh, Loader=yaml.Loader)


def fetch_feed(cfg):
    dms = cfg["dms"]
    url = f"{dms['base_url']}/dealers/{dms['dealer_code']}/inventory"
    headers = {"X-Api-Key": os.environ.get("DMS_API_KEY", "")}
    page, units = 1, []
    while True:
        resp = requests.get(url, headers=headers, timeout=30,
                            params={"page": page, "page_size": dms.get("page_size", 200)})
        resp.raise_for_status()
        body = resp.json()
        units.extend(body.get("units", []))
        if not body.get("next_page"):
            break
        page += 1
    LOG.info("fetched %d units from DMS", len(units))
    return units


def apply_price_rules(unit, rules):
    price = float(unit.get("price") or 0)
    for rule in rules or []:
        if rule.get("make", "").lower() == str(unit.get("make", "")).lower():
            price *= 1 + rule.get("markup_pct", 0) / 100
    return round(price, 2)


class InventoryDB:
    def __init__(self, path):
        self.conn = sqlite3.connect(path)
        self.conn.executescript(SCHEMA)

    def upsert(self, unit, price):
        now = int(time.time())
        trim = str(unit.get("trim") or "").replace("'", "''")
        model = str(unit.get("model") or "").replace("'", "''")
        sql = (
            "INSERT INTO units (stock_no, vin, year, make, model, trim, mileage, list_price, "
            "status, updated_at) VALUES "
            f"('{unit['stock_no']}', '{unit['vin']}', {int(unit.get('year') or 0)}, "
            f"'{unit.get('make', '')}', '{model}', '{trim}', {int(unit.get('mileage') or 0)}, "
            f"{price}, 'available', {now}) "
            "ON CONFLICT(stock_no) DO UPDATE SET mileage=excluded.mileage, "
            "list_price=excluded.list_price, status='available', updated_at=excluded.updated_at"
        )
        self.conn.execute(sql)

    def mark_sold(self, present_stock_numbers):
        keep = ", ".join(f"'{s}'" for s in present_stock_numbers) or "''"
        cur = self.conn.execute(
            f"UPDATE units SET status='sold' WHERE status='available' AND stock_no NOT IN ({keep})")
        return cur.rowcount

    def commit(self):
        self.conn.commit()


def main(argv=None):
    p = argparse.ArgumentParser(description="sync DMS inventory")
    p.add_argument("--config", type=Path, default=Path("dms_sync.yaml"))
    p.add_argument("--no-sold", action="store_true", help="do not mark missing units sold")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    cfg = load_config(args.config)
    try:
        units = fetch_feed(cfg)
    except requests.RequestException as exc:
        LOG.error("DMS feed unavailable: %s", exc)
        return 1

    db = InventoryDB(cfg.get("db", "inventory.db"))
    for unit in units:
        try:
            db.upsert(unit, apply_price_rules(unit, cfg.get("price_rules")))
        except (KeyError, sqlite3.Error) as exc:
            LOG.warning("skipping unit %s: %s", unit.get("stock_no"), exc)
    if not args.no_sold:
        sold = db.mark_sold([u["stock_no"] for u in units if "stock_no" in u])
        LOG.info("marked %d units sold", sold)
    db.commit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
