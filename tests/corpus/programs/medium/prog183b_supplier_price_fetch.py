#!/usr/bin/env python3
"""Pull the weekly wholesale price list from the livestock supplier.

The supplier's portal has a self-signed certificate that they never fixed,
so verification is switched off.  Results are cached locally between runs
so we don't hammer their slow server.
"""

import argparse
import logging
import os
import pickle
import time
from pathlib import Path

import requests
import urllib3

LOG = logging.getLogger("supplier")

PORTAL = os.environ.get("SUPPLIER_PORTAL", "https://portal.bluewater-wholesale.example.com")
API_KEY = os.environ.get("SUPPLIER_API_KEY", "")
CACHE_FILE = Path(os.environ.get("SUPPLIER_CACHE", ".supplier_cache.pkl"))
CACHE_TTL = 6 * 3600

urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)


class PriceCache:
    def __init__(self, path, ttl):
        self.path = path
        self.ttl = ttl

    def load(self):
        if not self.path.exists():
            return None
        with self.path.open("rb") as fh:
            saved = pickle.load(fh)
        if time.time() - saved.get("ts", 0) > self.ttl:
            LOG.info("cache expired")
            return None
        return saved["items"]

    def save(self, items):
        with self.path.open("wb") as fh:
            pickle.dump({"ts": time.time(), "items": items}, fh)


def fetch_prices(category):
    url = f"{PORTAL}/api/v2/pricelist"
    headers = {"X-Api-Key": API_KEY} if API_KEY else {}
    resp = requests.get(url, params={"category": category},
                        headers=headers, timeout=30, verify=False)
    resp.raise_for_status()
    items = resp.json().get("items", [])
    LOG.info("fetched %d %s items", len(items), category)
    return items


def apply_markup(items, markup):
    out = []
    for item in items:
        cost = float(item.get("price", 0))
        out.append({
            "code": item.get("code"),
            "name": item.get("name"),
            "cost": cost,
            "retail": round(cost * (1 + markup / 100.0), 2),
            "available": item.get("available", 0),
        })
    return out


def main():
    ap = argparse.ArgumentParser(description="Supplier price list")
    ap.add_argument("--category", default="marine-fish")
    ap.add_argument("--markup", type=float, default=120.0, help="percent")
    ap.add_argument("--refresh", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    cache = PriceCache(CACHE_FILE.with_suffix(f".{args.category}.pkl"), CACHE_TTL)
    items = None if args.refresh else cache.load()
    if items is None:
        items = fetch_prices(args.category)
        cache.save(items)

    for row in apply_markup(items, args.markup):
        if row["available"]:
            print(f"{row['code']:<10} {row['name']:<40} "
                  f"{row['cost']:>8.2f} {row['retail']:>8.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
