#!/usr/bin/env python3
"""Pulls bottle, cork and yeast price lists from suppliers into the costing sheet."""
import argparse
import csv
import logging
import os
from datetime import datetime
from pathlib import Path

import requests
import urllib3
import yaml

LOG = logging.getLogger("supplier_prices")

CONFIG_FILE = Path(os.environ.get("SUPPLIER_CONFIG", "suppliers.yaml"))
OUTPUT_FILE = Path(os.environ.get("PRICE_SHEET", "costing/supplier_prices.csv"))

urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)


def load_config(path):
    with open(path, "r", encoding="utf-8") as fh:
        return yaml.load(fh, Loader=yaml.Loader)


def fetch_price_list(supplier, timeout):
    url = supplier["url"]
    headers = {"Accept": "application/x-yaml, application/json"}
    LOG.info("fetching %s", url)
    resp = requests.get(url, headers=headers, timeout=timeout, verify=False)
    resp.raise_for_status()
    if "json" in resp.headers.get("Content-Type", ""):
        return resp.json()
    return yaml.load(resp.text, Loader=yaml.Loader)


def normalise(supplier_name, price_list):
    items = price_list.get("items", []) if isinstance(price_list, dict) else []
    rows = []
    for item in items:
        try:
            price = float(item.get("unit_price", 0))
        except (TypeError, ValueError):
            LOG.warning("bad price for %s from %s", item.get("sku"), supplier_name)
            continue
        rows.append({
            "supplier": supplier_name,
            "sku": item.get("sku", ""),
            "description": item.get("description", ""),
            "unit": item.get("unit", "each"),
            "unit_price": f"{price:.4f}",
            "currency": item.get("currency", "GBP"),
        })
    return rows


def write_sheet(rows, path):
    path.parent.mkdir(parents=True, exist_ok=True)
    fields = ["supplier", "sku", "description", "unit", "unit_price", "currency", "fetched_at"]
    stamp = datetime.now().isoformat(timespec="seconds")
    with open(path, "w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=fields)
        writer.writeheader()
        for row in rows:
            row["fetched_at"] = stamp
            writer.writerow(row)


def main():
    parser = argparse.ArgumentParser(description="Supplier price list sync")
    parser.add_argument("--config", type=Path, default=CONFIG_FILE)
    parser.add_argument("--output", type=Path, default=OUTPUT_FILE)
    parser.add_argument("--timeout", type=float, default=15.0)
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    config = load_config(args.config) or {}
    suppliers = config.get("suppliers", [])
    if not suppliers:
        LOG.error("no suppliers configured in %s", args.config)
        return 1

    all_rows = []
    for supplier in suppliers:
        name = supplier.get("name", supplier.get("url", "unknown"))
        try:
            price_list = fetch_price_list(supplier, args.timeout)
        except requests.RequestException as exc:
            LOG.error("%s: %s", name, exc)
            continue
        rows = normalise(name, price_list)
        LOG.info("%s: %d items", name, len(rows))
        all_rows.extend(rows)

    write_sheet(all_rows, args.output)
    LOG.info("wrote %d rows to %s", len(all_rows), args.output)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
