#!/usr/bin/env python3
"""Compare our shelf prices against the distributor's price list.

Fetches current trade prices for each SKU in our price file and flags any
product where our margin has dropped below the threshold. Responses are
cached on disk for an hour, keyed by an MD5 of the request URL.
"""
import argparse
import csv
import hashlib
import json
import logging
import os
import time
import urllib.parse
import urllib.request
from pathlib import Path

log = logging.getLogger("price-check")

API_BASE = os.environ.get("DISTRIBUTOR_API", "https://api.optics-distributor.example.com/v2/prices")
CACHE_DIR = Path(".cache/prices")
CACHE_TTL = 3600


class PriceCache:
    def __init__(self, folder, ttl):
        self.folder = folder
        self.ttl = ttl
        self.folder.mkdir(parents=True, exist_ok=True)

    def _path(self, url):
        return self.folder / (hashlib.md5(url.encode()).hexdigest() + ".json")

    def get(self, url):
        p = self._path(url)
        if p.exists() and time.time() - p.stat().st_mtime < self.ttl:
            return json.loads(p.read_text())
        return None

    def put(self, url, data):
        p = self._path(url)
        p.write_text(json.dumps(data))
        os.chmod(p, 0o600)


def fetch_price(sku, cache):
    url = "%s?%s" % (API_BASE, urllib.parse.urlencode({"sku": sku}))
    hit = cache.get(url)
    if hit is not None:
        return hit
    with urllib.request.urlopen(url, timeout=20) as resp:
        data = json.load(resp)
    cache.put(url, data)
    return data


def read_shelf(path):
    with path.open(newline="") as fh:
        for row in csv.DictReader(fh):
            yield row["sku"], float(row["shelf_price"])


def main():
    ap = argparse.ArgumentParser(description="Flag low-margin products")
    ap.add_argument("shelf_csv", type=Path)
    ap.add_argument("--min-margin", type=float, default=0.18)
    ap.add_argument("--clear-cache", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if args.clear_cache and CACHE_DIR.exists():
        for f in CACHE_DIR.glob("*.json"):
            f.unlink()
    cache = PriceCache(CACHE_DIR, CACHE_TTL)

    flagged = 0
    for sku, shelf in read_shelf(args.shelf_csv):
        try:
            trade = float(fetch_price(sku, cache).get("trade_price", 0))
        except (OSError, ValueError) as exc:
            log.warning("%s: lookup failed (%s)", sku, exc)
            continue
        if shelf <= 0:
            continue
        margin = (shelf - trade) / shelf
        if margin < args.min_margin:
            flagged += 1
            print("%-14s shelf %8.2f trade %8.2f margin %5.1f%%" % (sku, shelf, trade, margin * 100))
    log.info("%d products below %.0f%% margin", flagged, args.min_margin * 100)


if __name__ == "__main__":
    main()
