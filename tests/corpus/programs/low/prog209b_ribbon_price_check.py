#!/usr/bin/env python3
"""Check current ribbon and spool prices from the supplier's public catalogue API."""
import argparse
import hashlib
import json
import logging
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

log = logging.getLogger("ribbon-prices")

API = "https://api.example.com/v1/ribbons"
CACHE_DIR = Path(".cache") / "ribbon-prices"
MAX_AGE = 6 * 3600


def cache_key(url):
    return hashlib.md5(url.encode()).hexdigest() + ".json"


def cached(fn):
    def wrapper(url, timeout, refresh=False):
        path = CACHE_DIR / cache_key(url)
        if not refresh and path.exists() and time.time() - path.stat().st_mtime < MAX_AGE:
            log.debug("cache hit %s", path.name)
            return json.loads(path.read_text())
        data = fn(url, timeout)
        CACHE_DIR.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(data))
        return data
    return wrapper


@cached
def get_json(url, timeout):
    req = urllib.request.Request(url, headers={"Accept": "application/json",
                                               "User-Agent": "tw-bench/1.3"})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return json.load(resp)


def build_url(width, spool):
    query = {"width_mm": width}
    if spool:
        query["spool"] = spool
    return API + "?" + urllib.parse.urlencode(query)


def show(items, currency):
    items = sorted(items, key=lambda i: i.get("price", 0))
    for item in items:
        stock = "in stock" if item.get("stock", 0) > 0 else "backorder"
        print(f"{item.get('sku', '?'):<12} {item.get('name', ''):<36} "
              f"{item.get('price', 0):>7.2f} {currency}  {stock}")
    if items:
        print(f"cheapest: {items[0].get('sku')} at {items[0].get('price'):.2f} {currency}")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--width", type=int, default=13, help="ribbon width in mm")
    ap.add_argument("--spool", choices=["universal", "twin", "olympia", "hermes"])
    ap.add_argument("--timeout", type=float, default=10.0)
    ap.add_argument("--refresh", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)

    url = build_url(args.width, args.spool)
    try:
        data = get_json(url, args.timeout, refresh=args.refresh)
    except (urllib.error.URLError, TimeoutError, json.JSONDecodeError) as exc:
        log.error("could not fetch prices: %s", exc)
        return 1
    show(data.get("items", []), data.get("currency", "EUR"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
