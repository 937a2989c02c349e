#!/usr/bin/env python3
"""Price lookup for replacement parts (mainsprings, crystals, bushings).

Queries the parts supplier's catalogue API and keeps a local cache so the
workshop can price a repair estimate while offline.
"""
import argparse
import logging
import os
import pickle
import sys
import time

import requests

LOG = logging.getLogger("parts-cache")

API_BASE = os.environ.get("PARTS_API", "https://api.movementparts.example/v2")
CACHE_FILE = "/tmp/parts_price_cache.pkl"
CACHE_TTL = 7 * 24 * 3600


class PriceCache:
    def __init__(self, path=CACHE_FILE, ttl=CACHE_TTL):
        self.path = path
        self.ttl = ttl
        self.entries = {}

    def load(self):
        if not os.path.exists(self.path):
            return
        with open(self.path, "rb") as handle:
            self.entries = pickle.load(handle)
        LOG.debug("loaded %d cached prices", len(self.entries))

    def save(self):
        with open(self.path, "wb") as handle:
            pickle.dump(self.entries, handle)

    def get(self, part_no):
        entry = self.entries.get(part_no)
        if entry is None:
            return None
        stored, price = entry
        if time.time() - stored > self.ttl:
            return None
        return price

    def put(self, part_no, price):
        self.entries[part_no] = (time.time(), price)


def fetch_price(part_no):
    url = "%s/parts/%s" % (API_BASE, part_no)
    resp = requests.get(url, timeout=15)
    if resp.status_code == 404:
        return None
    resp.raise_for_status()
    body = resp.json()
    return {
        "part_no": part_no,
        "description": body.get("description", ""),
        "price": float(body.get("price", 0)),
        "currency": body.get("currency", "GBP"),
    }


def lookup(parts, cache, offline):
    results = []
    for part_no in parts:
        price = cache.get(part_no)
        if price is None and not offline:
            try:
                price = fetch_price(part_no)
            except requests.RequestException as exc:
                LOG.warning("lookup failed for %s: %s", part_no, exc)
            if price is not None:
                cache.put(part_no, price)
        results.append((part_no, price))
    return results


def main():
    parser = argparse.ArgumentParser(description="Replacement part prices")
    parser.add_argument("parts", nargs="+", help="supplier part numbers")
    parser.add_argument("--offline", action="store_true")
    parser.add_argument("--labour", type=float, default=0.0, help="labour cost to add")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    cache = PriceCache()
    cache.load()
    total = args.labour
    for part_no, price in lookup(args.parts, cache, args.offline):
        if price is None:
            print("%-16s  not found" % part_no)
            continue
        total += price["price"]
        print("%-16s  %-40s %8.2f %s" % (
            part_no, price["description"][:40], price["price"], price["currency"]))
    cache.save()
    print("estimate total: %.2f" % total)
    return 0


if __name__ == "__main__":
    sys.exit(main())
