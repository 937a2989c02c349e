#!/usr/bin/env python3
"""Fetch the current urn and keepsake price list from our suppliers.

Each supplier publishes a JSON catalogue.  Responses are cached on disk
for a few hours (keyed by an MD5 of the URL) so the shop page generator
does not hammer the supplier sites.
"""
import argparse
import hashlib
import json
import logging
import os
import time
from pathlib import Path

import requests

LOG = logging.getLogger("urn-prices")

SUPPLIERS = {
    "woodcraft": "https://catalogue.example.com/api/urns?format=json",
    "ceramics": "https://shop.example.net/v2/products?category=urns",
    "keepsakes": "https://keepsakes.example.org/feed.json",
}
CACHE_DIR = Path(os.environ.get("PRICE_CACHE", "./.price_cache"))
MAX_AGE = int(os.environ.get("PRICE_CACHE_AGE", str(6 * 3600)))
MARKUP = float(os.environ.get("PRICE_MARKUP", "1.35"))


class CachedFetcher:
    def __init__(self, cache_dir, max_age):
        self.cache_dir = cache_dir
        self.max_age = max_age
        self.cache_dir.mkdir(parents=True, exist_ok=True)
        self.session = requests.Session()
        self.session.headers["User-Agent"] = "pet-crematorium-shop/1.4"

    def _key(self, url):
        return self.cache_dir / (hashlib.md5(url.encode()).hexdigest() + ".json")

    def get(self, url):
        path = self._key(url)
        if path.exists() and time.time() - path.stat().st_mtime < self.max_age:
            return json.loads(path.read_text())
        resp = self.session.get(url, timeout=20)
        resp.raise_for_status()
        data = resp.json()
        path.write_text(json.dumps(data))
        os.chmod(path, 0o600)
        return data


def normalise(supplier, data):
    items = data.get("items") or data.get("products") or []
    for item in items:
        price = item.get("price") or item.get("unit_price") or 0
        yield {
            "supplier": supplier,
            "sku": item.get("sku") or item.get("id"),
            "name": item.get("name") or item.get("title", ""),
            "cost": round(float(price), 2),
            "retail": round(float(price) * MARKUP, 2),
            "in_stock": bool(item.get("stock", item.get("available", True))),
        }


def main():
    parser = argparse.ArgumentParser(description="Refresh urn price list")
    parser.add_argument("--out", type=Path, default=Path("./urn_prices.json"))
    parser.add_argument("--only", choices=sorted(SUPPLIERS))
    parser.add_argument("--in-stock", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    fetcher = CachedFetcher(CACHE_DIR, MAX_AGE)
    rows = []
    for name, url in SUPPLIERS.items():
        if args.only and name != args.only:
            continue
        try:
            rows.extend(normalise(name, fetcher.get(url)))
        except (requests.RequestException, ValueError) as exc:
            LOG.warning("%s: %s", name, exc)
    if args.in_stock:
        rows = [r for r in rows if r["in_stock"]]
    rows.sort(key=lambda r: (r["supplier"], r["retail"]))
    args.out.write_text(json.dumps(rows, indent=2))
    LOG.info("%d products written to %s", len(rows), args.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
