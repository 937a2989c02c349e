#!/usr/bin/env python3
"""Parts price lookup.

Reads supplier part numbers (leather, felts, pallet springs, magnets) one per
line on stdin and looks up current prices from the supplier's catalogue API.
Prints shell-safe variable assignments so a quoting script can do:

    cut -d, -f1 parts.csv | python3 prog211c_parts_price_lookup.py > prices.env
    . ./prices.env
"""
import argparse
import hashlib
import json
import logging
import os
import re
import shlex
import sys
import time
import urllib.error
import urllib.parse
import urllib.request

LOG = logging.getLogger("parts-price")
API = os.environ.get("PARTS_API_URL", "https://api.example.com/v1/parts")
CACHE_DIR = ".parts_cache"
CACHE_TTL = 6 * 3600


def cache_path(part):
    key = hashlib.md5(f"{API}|{part}".encode()).hexdigest()
    return os.path.join(CACHE_DIR, key + ".json")


def fetch(part, api_key, timeout):
    path = cache_path(part)
    if os.path.exists(path) and time.time() - os.path.getmtime(path) < CACHE_TTL:
        with open(path, encoding="utf-8") as fh:
            return json.load(fh)
    req = urllib.request.Request(f"{API}/{urllib.parse.quote(part, safe='')}",
                                 headers={"Authorization": f"Bearer {api_key}",
                                          "Accept": "application/json"})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        data = json.load(resp)
    os.makedirs(CACHE_DIR, exist_ok=True)
    with open(path, "w", encoding="utf-8") as fh:
        json.dump(data, fh)
    return data


def var_name(part):
    return "PRICE_" + re.sub(r"[^A-Za-z0-9]", "_", part).upper()


def main():
    ap = argparse.ArgumentParser(description="Look up organ supply part prices")
    ap.add_argument("--timeout", type=float, default=10.0)
    ap.add_argument("--currency", default="EUR")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING,
                        stream=sys.stderr, format="%(levelname)s %(message)s")
    api_key = os.environ.get("PARTS_API_KEY")
    if not api_key:
        LOG.error("PARTS_API_KEY is not set")
        return 2
    missing = 0
    for line in sys.stdin:
        part = line.strip()
        if not part or part.startswith("#"):
            continue
        try:
            data = fetch(part, api_key, args.timeout)
            price = data["prices"][args.currency]
        except (urllib.error.URLError, TimeoutError, KeyError, ValueError) as exc:
            LOG.warning("%s: %s", part, exc)
            missing += 1
            continue
        print(f"{var_name(part)}={shlex.quote(str(price))}")
    if missing:
        LOG.warning("%d parts had no price", missing)
    return 0 if missing == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
