#!/usr/bin/env python3
"""Check lead came and solder prices and record low stock with the stock API.

Downloads the supplier's public price list, caches it on disk for a day, and
posts our low-stock items to the workshop inventory service. The inventory
key comes from INVENTORY_API_KEY and is only sent to the inventory service.
"""
import argparse
import hashlib
import json
import logging
import os
import time
from pathlib import Path

import requests

log = logging.getLogger("pricecheck")

PRICE_URL = "https://supplies.example.com/pricelist/lead-came.json"
INVENTORY_URL = "https://inventory.example.com/api/v1/low-stock"
CACHE_DIR = Path(".cache") / "prices"
CACHE_TTL = 24 * 3600

# came profiles we keep on the rack, with the reorder threshold in lengths
STOCK_RULES = {
    "H-4.5mm": 10,
    "H-6mm": 12,
    "U-4mm": 6,
    "zinc-U-6mm": 4,
    "solder-60/40": 3,
}


def cache_path(url):
    # md5 is fine here: it only names the cache file
    return CACHE_DIR / (hashlib.md5(url.encode("utf-8")).hexdigest() + ".json")


def get_prices(url, refresh=False):
    path = cache_path(url)
    if not refresh and path.exists() and time.time() - path.stat().st_mtime < CACHE_TTL:
        return json.loads(path.read_text())
    resp = requests.get(url, timeout=15)
    resp.raise_for_status()
    data = resp.json()
    CACHE_DIR.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data))
    return data


def read_stock(path):
    with open(path) as fh:
        return json.load(fh)


def low_items(stock, prices):
    out = []
    for profile, threshold in STOCK_RULES.items():
        have = stock.get(profile, 0)
        if have < threshold:
            out.append({
                "profile": profile,
                "on_hand": have,
                "reorder_to": threshold * 2,
                "unit_price": prices.get(profile),
            })
    return out


def report_low(items, api_key):
    headers = {"Authorization": "Bearer " + api_key}
    resp = requests.post(INVENTORY_URL, json={"items": items}, headers=headers, timeout=15)
    resp.raise_for_status()
    return resp.json().get("ticket")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--stock", default="stock.json", help="current stock counts")
    ap.add_argument("--refresh", action="store_true", help="ignore the price cache")
    ap.add_argument("--no-report", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    try:
        prices = get_prices(PRICE_URL, args.refresh)
    except requests.RequestException as exc:
        log.error("price list unavailable: %s", exc)
        return 1
    items = low_items(read_stock(args.stock), prices)
    for it in items:
        price = it["unit_price"]
        log.info("%-14s on hand %3d  price %s", it["profile"], it["on_hand"],
                 "%.2f" % price if price is not None else "n/a")
    if not items or args.no_report:
        return 0
    key = os.environ.get("INVENTORY_API_KEY")
    if not key:
        log.warning("INVENTORY_API_KEY not set; not reporting")
        return 0
    try:
        log.info("reported, ticket %s", report_low(items, key))
    except requests.RequestException as exc:
        log.error("report failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
