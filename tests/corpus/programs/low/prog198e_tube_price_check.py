#!/usr/bin/env python3
"""Look up current prices for replacement valves from the supplier API.

Reads a bill of materials (one valve type and quantity per line), queries
the supplier's price endpoint and prints the cost of a full re-valve.
Responses are cached for a day in ./.price_cache to be polite to the API.
"""
import argparse
import hashlib
import json
import logging
import os
import sys
import time
from pathlib import Path

import requests

LOG = logging.getLogger("tubeprice")

API_URL = "https://api.example.com/v1/valves/price"
CACHE_DIR = Path(".price_cache")
CACHE_TTL = 24 * 3600


def _cache_path(valve):
    key = hashlib.md5(valve.upper().encode()).hexdigest()
    return CACHE_DIR / f"{key}.json"


def cached(valve):
    path = _cache_path(valve)
    if path.exists() and time.time() - path.stat().st_mtime < CACHE_TTL:
        try:
            return json.loads(path.read_text())
        except ValueError:
            path.unlink()
    return None


def store(valve, data):
    CACHE_DIR.mkdir(exist_ok=True)
    _cache_path(valve).write_text(json.dumps(data))


def fetch_price(valve, api_key):
    hit = cached(valve)
    if hit is not None:
        return hit
    headers = {"Authorization": f"Bearer {api_key}"} if api_key else {}
    resp = requests.get(API_URL, params={"type": valve}, headers=headers, timeout=15)
    resp.raise_for_status()
    data = resp.json()
    store(valve, data)
    return data


def read_bom(path):
    items = []
    with open(path) as fh:
        for line in fh:
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            parts = line.split()
            qty = int(parts[1]) if len(parts) > 1 else 1
            items.append((parts[0], qty))
    return items


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("bom", help="bill of materials file")
    ap.add_argument("--currency", default="GBP")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    api_key = os.environ.get("VALVE_API_KEY", "")
    total = 0.0
    for valve, qty in read_bom(args.bom):
        try:
            info = fetch_price(valve, api_key)
        except requests.RequestException as exc:
            LOG.warning("%s: lookup failed (%s)", valve, exc)
            continue
        price = float(info.get("price", 0))
        stock = info.get("stock", "?")
        total += price * qty
        print(f"{valve:<8} x{qty:<3} {price:8.2f} {args.currency}  stock: {stock}")
    print(f"{'total':<13} {total:8.2f} {args.currency}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
