#!/usr/bin/env python3
"""Fetches current sheet and vinyl prices from the supplier and prices a quote."""
import argparse
import json
import logging
import os
import sys
from pathlib import Path

import requests

log = logging.getLogger("materials.prices")

API_BASE = os.environ.get("SUPPLIER_API", "https://api.substrate-supply.example/v1")
CACHE_FILE = Path("price_cache.json")


class SupplierClient:
    def __init__(self, base, api_key, timeout=15):
        self.base = base.rstrip("/")
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Bearer {api_key}",
            "Accept": "application/json",
        })
        self.timeout = timeout

    def price_list(self, category):
        resp = self.session.get(f"{self.base}/prices", params={"category": category},
                                timeout=self.timeout)
        resp.raise_for_status()
        return resp.json()["items"]

    def request_quote(self, items):
        resp = self.session.post(f"{self.base}/quotes", json={"items": items},
                                 timeout=self.timeout)
        resp.raise_for_status()
        return resp.json()


def cached_prices(category):
    if CACHE_FILE.exists():
        data = json.loads(CACHE_FILE.read_text(encoding="utf-8"))
        return data.get(category)
    return None


def store_prices(category, items):
    data = {}
    if CACHE_FILE.exists():
        data = json.loads(CACHE_FILE.read_text(encoding="utf-8"))
    data[category] = items
    CACHE_FILE.write_text(json.dumps(data, indent=2), encoding="utf-8")


def sheet_cost(items, sku, width_mm, height_mm, quantity):
    for item in items:
        if item["sku"] == sku:
            area = (width_mm / 1000) * (height_mm / 1000)
            return round(area * item["price_per_m2"] * quantity, 2)
    raise KeyError(sku)


def main():
    parser = argparse.ArgumentParser(description="Supplier material prices")
    parser.add_argument("category", choices=["acm", "acrylic", "vinyl", "foamex"])
    parser.add_argument("--sku")
    parser.add_argument("--size", default="1220x610", help="WIDTHxHEIGHT in mm")
    parser.add_argument("--qty", type=int, default=1)
    parser.add_argument("--offline", action="store_true")
    parser.add_argument("--order-quote", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)

    api_key = os.environ.get("SUPPLIER_API_KEY")
    items = cached_prices(args.category) if args.offline else None
    client = SupplierClient(API_BASE, api_key) if api_key else None
    if items is None:
        if client is None:
            log.error("SUPPLIER_API_KEY is not set and no cached prices")
            return 1
        items = client.price_list(args.category)
        store_prices(args.category, items)

    if not args.sku:
        for item in items:
            print(f"{item['sku']:<14} {item['name']:<32} {item['price_per_m2']:>8.2f}/m2")
        return 0
    width, height = (int(v) for v in args.size.lower().split("x"))
    print(f"material cost: {sheet_cost(items, args.sku, width, height, args.qty):.2f}")
    if args.order_quote and client is not None:
        quote = client.request_quote([{"sku": args.sku, "width_mm": width,
                                       "height_mm": height, "quantity": args.qty}])
        print(f"supplier quote {quote.get('reference')}: {quote.get('total')}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
