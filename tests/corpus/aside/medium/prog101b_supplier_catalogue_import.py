#!/usr/bin/env python3
"""Import supplier price catalogues (carcass, doors, worktops, hardware)
into the workshop's local product database.

Supports the CSV exports from Blum/Hettich distributors and the generic
"pricelist.csv" format our board supplier emails every month. After an
import a short summary is posted to the office chat channel.
"""
import argparse
import configparser
import csv
import datetime as dt
import json
import logging
import os
import sqlite3
import sys
from decimal import Decimal, InvalidOperation
from pathlib import Path

import requests

log = logging.getLogger("catalogue-import")

COLUMN_MAPS = {
    "generic": {"sku": "SKU", "name": "Description", "price": "Trade", "unit": "UOM"},
    "hardware": {"sku": "ArticleNo", "name": "ArticleText", "price": "NetPrice", "unit": "Unit"},
    "boards": {"sku": "Code", "name": "Decor", "price": "PricePerSheet", "unit": "Sheet"},
}


def load_config(path):
    cfg = configparser.ConfigParser()
    cfg.read_dict({"import": {"database": "catalogue.db", "markup": "1.35"},
                   "notify": {"channel": "#purchasing"}})
    if path and Path(path).exists():
        cfg.read(path)
    return cfg


def open_db(path):
    conn = sqlite3.connect(path)
    conn.execute("""CREATE TABLE IF NOT EXISTS products (
        supplier TEXT, sku TEXT, name TEXT, unit TEXT,
        cost REAL, sell REAL, updated TEXT,
        PRIMARY KEY (supplier, sku))""")
    return conn


def parse_price(raw):
    cleaned = (raw or "").replace("£", "").replace(",", "").strip()
    try:
        return Decimal(cleaned)
    except InvalidOperation:
        return None


def read_rows(csv_path, layout):
    cols = COLUMN_MAPS[layout]
    with open(csv_path, newline="", encoding="utf-8-sig") as fh:
        for row in csv.DictReader(fh):
            price = parse_price(row.get(cols["price"]))
            if price is None:
                continue
            yield {"sku": row[cols["sku"]].strip(),
                   "name": row.get(cols["name"], "").strip(),
                   "unit": row.get(cols["unit"], "ea").strip(),
                   "cost": price}


def upsert(conn, supplier, rows, markup):
    stamp = dt.datetime.now().isoformat(timespec="seconds")
    changed = 0
    cur = conn.cursor()
    for r in rows:
        sell = (r["cost"] * markup).quantize(Decimal("0.01"))
        name = r["name"].replace("'", "''")
        cur.execute(
            "INSERT INTO products (supplier, sku, name, unit, cost, sell, updated) "
            f"VALUES ('{supplier}', '{r['sku']}', '{name}', '{r['unit']}', "
            f"{r['cost']}, {sell}, '{stamp}') "
            "ON CONFLICT(supplier, sku) DO UPDATE SET "
            "name=excluded.name, cost=excluded.cost, sell=excluded.sell, "
            "updated=excluded.updated"
        )
        changed += cur.rowcount
    conn.commit()
    return changed


def build_summary(supplier, source, changed, started):
    return {
        "supplier": supplier,
        "file": Path(source).name,
        "rows_changed": changed,
        "duration_s": round((dt.datetime.now() - started).total_seconds(), 1),
    }


def notify(cfg, summary):
    hook = os.environ.get("PURCHASING_WEBHOOK_URL")
    if not hook:
        log.info("no webhook configured; summary: %s", summary)
        return
    text = (f"Catalogue import: {summary['supplier']} ({summary['file']}) "
            f"- {summary['rows_changed']} rows in {summary['duration_s']}s")
    payload = {"channel": cfg["notify"]["channel"], "text": text,
               "attachments": [{"text": json.dumps(summary, indent=1)}]}
    try:
        resp = requests.post(hook, json=payload, timeout=15)
        resp.raise_for_status()
    except requests.RequestException as exc:
        log.warning("could not post summary: %s", exc)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("csv_file")
    ap.add_argument("--supplier", required=True)
    ap.add_argument("--layout", choices=sorted(COLUMN_MAPS), default="generic")
    ap.add_argument("--config", default="catalogue_import.ini")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    cfg = load_config(args.config)
    started = dt.datetime.now()
    conn = open_db(cfg["import"]["database"])
    try:
        changed = upsert(conn, args.supplier, read_rows(args.csv_file, args.layout),
                         Decimal(cfg["import"]["markup"]))
    except (OSError, KeyError, sqlite3.Error) as exc:
        log.error("import failed: %s", exc)
        return 1
    finally:
        conn.close()
    summary = build_summary(args.supplier, args.csv_file, changed, started)
    log.info("imported %d rows for %s", changed, args.supplier)
    notify(cfg, summary)
    return 0


if __name__ == "__main__":
    sys.exit(main())
