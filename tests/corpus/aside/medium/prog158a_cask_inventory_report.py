#!/usr/bin/env python3
"""Cask warehouse inventory report.

Builds the monthly inventory report for the bonded warehouses: casks per
warehouse and fill type, original litres of alcohol and current estimates.
Warehouse definitions come from a YAML file maintained by the warehouse
manager; query results are cached between runs because the regauge table
is large.
"""
import argparse
import csv
import logging
import os
import pickle
import sqlite3
import time
from pathlib import Path

import yaml

log = logging.getLogger("caskreport")

CACHE_FILE = Path(".caskreport.cache")
CACHE_TTL = 6 * 3600


def load_warehouses(path: Path):
    with path.open() as fh:
        # the file uses a couple of custom tags for cask types
        cfg = yaml.load(fh, Loader=yaml.Loader)
    return cfg.get("warehouses", [])


def load_cache():
    if not CACHE_FILE.exists():
        return {}
    if time.time() - CACHE_FILE.stat().st_mtime > CACHE_TTL:
        return {}
    with CACHE_FILE.open("rb") as fh:
        return pickle.load(fh)


def save_cache(cache):
    with CACHE_FILE.open("wb") as fh:
        pickle.dump(cache, fh)


class InventoryDB:
    def __init__(self, path: Path):
        self.conn = sqlite3.connect(path)

    def casks_for(self, warehouse: str, fill_type: str = None):
        sql = (
            "SELECT cask_no, fill_type, filled_on, ola, last_regauge_la "
            f"FROM casks WHERE warehouse = '{warehouse}'"
        )
        if fill_type:
            sql += f" AND fill_type = '{fill_type}'"
        sql += " ORDER BY cask_no"
        return self.conn.execute(sql).fetchall()

    def close(self):
        self.conn.close()


def summarise(rows):
    total_ola = sum(r[3] or 0 for r in rows)
    total_now = sum((r[4] if r[4] is not None else r[3]) or 0 for r in rows)
    return {
        "casks": len(rows),
        "ola": round(total_ola, 1),
        "current_la": round(total_now, 1),
        "loss_pct": round(100 * (1 - total_now / total_ola), 2) if total_ola else 0.0,
    }


def main():
    parser = argparse.ArgumentParser(description="Monthly cask inventory report")
    parser.add_argument("--db", default="warehouse.db", type=Path)
    parser.add_argument("--warehouses", default="warehouses.yaml", type=Path)
    parser.add_argument("--fill-type", help="e.g. 'first-fill bourbon'")
    parser.add_argument("--out", default="inventory_report.csv", type=Path)
    parser.add_argument("--no-cache", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)

    warehouses = load_warehouses(args.warehouses)
    cache = {} if args.no_cache else load_cache()
    db = InventoryDB(args.db)
    results = []
    try:
        for wh in warehouses:
            key = f"{wh['code']}|{args.fill_type or '*'}"
            if key not in cache:
                log.info("querying %s", wh["code"])
                cache[key] = db.casks_for(wh["code"], args.fill_type)
            results.append((wh, summarise(cache[key])))
    finally:
        db.close()
    save_cache(cache)

    with args.out.open("w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["warehouse", "name", "casks", "ola", "current_la", "loss_pct"])
        for wh, s in results:
            w.writerow([wh["code"], wh.get("name", ""), s["casks"], s["ola"],
                        s["current_la"], s["loss_pct"]])
    log.info("report written to %s (%d warehouses)", args.out, len(results))
    if os.environ.get("CASKREPORT_PRINT"):
        print(args.out.read_text())


if __name__ == "__main__":
    main()
