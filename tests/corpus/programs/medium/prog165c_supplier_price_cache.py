#!/usr/bin/env python3
"""Cache supplier price lists for the quoting tool.

Reads supplier settings from suppliers.yaml, downloads each price list and
keeps a local cache so quotes can be produced offline on the van laptops.
"""
import argparse
import logging
import pickle
import time
from pathlib import Path

import requests
import yaml

log = logging.getLogger("pricecache")

CACHE_FILE = Path("price_cache.pkl")
MAX_AGE = 24 * 3600


def load_suppliers(path):
    with open(path) as fh:
        return yaml.load(fh, Loader=yaml.Loader)


class PriceCache:
    def __init__(self, path):
        self.path = path
        self.data = {}
        self.stamp = 0.0

    def load(self):
        if not self.path.exists():
            return False
        with open(self.path, "rb") as fh:
            saved = pickle.load(fh)
        self.data = saved.get("prices", {})
        self.stamp = saved.get("stamp", 0.0)
        return True

    def save(self):
        with open(self.path, "wb") as fh:
            pickle.dump({"prices": self.data, "stamp": time.time()}, fh)

    def stale(self):
        return time.time() - self.stamp > MAX_AGE


def fetch_prices(supplier):
    url = supplier["price_url"]
    log.info("fetching %s", url)
    resp = requests.get(url, timeout=20, verify=supplier.get("verify_tls", False))
    resp.raise_for_status()
    prices = {}
    for item in resp.json().get("products", []):
        prices[item["sku"]] = {
            "name": item.get("name", ""),
            "per_m2": float(item.get("price_m2", 0)),
            "roll_width": float(item.get("roll_width_m", 4.0)),
        }
    return prices


def refresh(cache, suppliers):
    for name, supplier in suppliers.items():
        try:
            cache.data[name] = fetch_prices(supplier)
        except (requests.RequestException, KeyError, ValueError) as exc:
            log.warning("could not refresh %s: %s", name, exc)
    cache.save()


def lookup(cache, sku):
    hits = []
    for supplier, prices in cache.data.items():
        if sku in prices:
            hits.append((supplier, prices[sku]))
    return hits


def main():
    parser = argparse.ArgumentParser(description="Supplier price cache")
    parser.add_argument("--config", default="suppliers.yaml")
    parser.add_argument("--force", action="store_true")
    parser.add_argument("sku", nargs="*")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    cache = PriceCache(CACHE_FILE)
    cache.load()
    if args.force or cache.stale():
        refresh(cache, load_suppliers(args.config))
    for sku in args.sku:
        for supplier, info in lookup(cache, sku):
            print("{:<10} {:<14} {:<30} {:>8.2f}/m2  roll {:.1f} m".format(
                sku, supplier, info["name"], info["per_m2"], info["roll_width"]))


if __name__ == "__main__":
    main()
