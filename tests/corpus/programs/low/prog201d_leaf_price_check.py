#!/usr/bin/env python3
"""Gold and silver leaf price check for the gilding budget.

Pulls the supplier's public price list, compares each leaf type against the
budget ceiling in budget.json and prints which items are within budget.
Responses are cached for an hour in .price_cache/ in the working directory.
"""
import argparse
import hashlib
import json
import logging
import sys
import time
from pathlib import Path

import requests

LOG = logging.getLogger("leafprice")

PRICE_URL = "https://api.example.com/v2/leaf/prices"
CACHE_DIR = Path(".price_cache")
CACHE_TTL = 3600


def cache_key(url, params):
    raw = url + "?" + "&".join(f"{k}={v}" for k, v in sorted(params.items()))
    return hashlib.md5(raw.encode()).hexdigest()


class PriceClient:
    def __init__(self, url, timeout):
        self.url = url
        self.timeout = timeout
        CACHE_DIR.mkdir(exist_ok=True)

    def _cached(self, key):
        path = CACHE_DIR / f"{key}.json"
        if path.exists() and time.time() - path.stat().st_mtime < CACHE_TTL:
            return json.loads(path.read_text())
        return None

    def fetch(self, currency):
        params = {"currency": currency}
        key = cache_key(self.url, params)
        hit = self._cached(key)
        if hit is not None:
            LOG.info("using cached prices")
            return hit
        resp = requests.get(self.url, params=params, timeout=self.timeout)
        resp.raise_for_status()
        data = resp.json()
        path = CACHE_DIR / f"{key}.json"
        path.write_text(json.dumps(data))
        path.chmod(0o600)
        return data


def load_budget(path):
    with open(path, encoding="utf-8") as fh:
        return json.load(fh)


def compare(prices, budget):
    rows = []
    for item in prices.get("items", []):
        name = item.get("name", "?")
        price = float(item.get("price_per_book", 0))
        ceiling = budget.get(name)
        if ceiling is None:
            continue
        rows.append((name, price, float(ceiling), price <= float(ceiling)))
    return rows


def main():
    parser = argparse.ArgumentParser(description="Leaf price vs budget")
    parser.add_argument("--budget", default="budget.json")
    parser.add_argument("--currency", default="GBP")
    parser.add_argument("--timeout", type=float, default=10.0)
    parser.add_argument("--clear-cache", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.clear_cache and CACHE_DIR.is_dir():
        for f in CACHE_DIR.glob("*.json"):
            f.unlink()
        LOG.info("cache cleared")
    try:
        budget = load_budget(args.budget)
        prices = PriceClient(PRICE_URL, args.timeout).fetch(args.currency)
    except (OSError, ValueError, requests.RequestException) as exc:
        LOG.error("cannot compare prices: %s", exc)
        return 1
    rows = compare(prices, budget)
    for name, price, ceiling, ok in rows:
        mark = "ok  " if ok else "OVER"
        print(f"{mark} {name:<28} {price:>8.2f} / {ceiling:>8.2f} {args.currency}")
    if not rows:
        print("no budgeted leaf types found in the price list")
    return 0


if __name__ == "__main__":
    sys.exit(main())
