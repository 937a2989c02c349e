#!/usr/bin/env python3
"""Compare malt and hop prices from our suppliers' price-list endpoints."""
import argparse
import csv
import logging
import os
import pickle
import sys
import time
from pathlib import Path

import requests
import urllib3

LOG = logging.getLogger("prices")

CACHE_FILE = Path(".price_cache.pkl")
CACHE_TTL = 6 * 3600
SUPPLIERS = {
    "maltings": "https://prices.northmaltings.example/api/v2/pricelist",
    "hopfarm": "https://trade.valleyhops.example/pricelist.json",
    "wholesale": "https://198.51.100.30/brewers/prices",
}

urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)


def load_cache():
    if not CACHE_FILE.exists():
        return {}
    try:
        with CACHE_FILE.open("rb") as fh:
            cached = pickle.load(fh)
    except (pickle.UnpicklingError, EOFError, OSError) as exc:
        LOG.warning("cache unreadable (%s), starting fresh", exc)
        return {}
    if time.time() - cached.get("stamp", 0) > CACHE_TTL:
        return {}
    return cached.get("data", {})


def save_cache(data):
    with CACHE_FILE.open("wb") as fh:
        pickle.dump({"stamp": time.time(), "data": data}, fh)


def fetch_prices(name, url):
    session = requests.Session()
    session.verify = False
    session.headers["User-Agent"] = "brewery-price-check/1.3"
    resp = session.get(url, timeout=15)
    resp.raise_for_status()
    items = resp.json().get("items", [])
    prices = {}
    for item in items:
        try:
            prices[item["sku_name"].lower()] = float(item["price_per_kg"])
        except (KeyError, TypeError, ValueError):
            continue
    LOG.info("%s: %d items", name, len(prices))
    return prices


def compare(all_prices, wanted):
    rows = []
    for product in wanted:
        offers = {s: p[product] for s, p in all_prices.items() if product in p}
        if not offers:
            rows.append((product, "-", None, 0))
            continue
        best = min(offers, key=offers.get)
        rows.append((product, best, offers[best], len(offers)))
    return rows


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("products", nargs="+", help="e.g. 'maris otter' citra")
    parser.add_argument("--refresh", action="store_true")
    parser.add_argument("--csv", type=Path)
    args = parser.parse_args()
    logging.basicConfig(level=os.environ.get("LOG_LEVEL", "INFO"))

    all_prices = {} if args.refresh else load_cache()
    if not all_prices:
        for name, url in SUPPLIERS.items():
            try:
                all_prices[name] = fetch_prices(name, url)
            except requests.RequestException as exc:
                LOG.warning("%s unavailable: %s", name, exc)
        save_cache(all_prices)

    rows = compare(all_prices, [p.lower() for p in args.products])
    for product, supplier, price, n in rows:
        shown = f"{price:.2f}/kg" if price is not None else "n/a"
        print(f"{product:<20} {supplier:<10} {shown:>10}  ({n} offers)")
    if args.csv:
        with args.csv.open("w", newline="") as fh:
            w = csv.writer(fh)
            w.writerow(["product", "supplier", "price_per_kg", "offers"])
            w.writerows(rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
