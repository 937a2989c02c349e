#!/usr/bin/env python3
"""Fetch the current wreath and spray price list from the partner florist.

The florist's ordering site uses a certificate their web person made
themselves, so verification is switched off for that host. The list is
cached so the arrangement room tablet can read it when offline.
"""
import argparse
import csv
import json
import logging
import os
import sys
import time

import requests
import urllib3

LOG = logging.getLogger("florist-prices")

FLORIST_URL = os.environ.get("FLORIST_PRICE_URL",
                             "https://orders.bloomfield-florist.example/api/prices")
CACHE_PATH = "/tmp/florist_prices.json"
CACHE_MAX_AGE = 6 * 3600

urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)


def cache_is_fresh(path, max_age):
    try:
        return (time.time() - os.path.getmtime(path)) < max_age
    except OSError:
        return False


def fetch_prices(url, timeout):
    LOG.info("fetching %s", url)
    response = requests.get(url, timeout=timeout, verify=False)
    response.raise_for_status()
    items = response.json().get("items", [])
    return [
        {
            "code": item.get("code", ""),
            "name": item.get("name", ""),
            "category": item.get("category", "other"),
            "price": round(float(item.get("price", 0)), 2),
        }
        for item in items
    ]


def load_cache(path):
    with open(path, encoding="utf-8") as fh:
        return json.load(fh)


def save_cache(path, prices):
    with open(path, "w", encoding="utf-8") as fh:
        json.dump(prices, fh, indent=1)


def write_csv(prices, out_path):
    with open(out_path, "w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=["code", "name", "category", "price"])
        writer.writeheader()
        writer.writerows(prices)


def print_table(prices, category=None):
    for item in sorted(prices, key=lambda i: (i["category"], i["price"])):
        if category and item["category"] != category:
            continue
        print("%-8s %-40s %-12s %8.2f" % (item["code"], item["name"],
                                         item["category"], item["price"]))


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", default=FLORIST_URL)
    parser.add_argument("--refresh", action="store_true")
    parser.add_argument("--category")
    parser.add_argument("--csv", help="write the list to a CSV file")
    parser.add_argument("--timeout", type=float, default=20.0)
    return parser.parse_args(argv)


def main(argv=None):
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    args = parse_args(argv)
    if not args.refresh and cache_is_fresh(CACHE_PATH, CACHE_MAX_AGE):
        prices = load_cache(CACHE_PATH)
        LOG.info("using cached list (%d items)", len(prices))
    else:
        try:
            prices = fetch_prices(args.url, args.timeout)
        except (requests.RequestException, ValueError) as exc:
            LOG.error("could not fetch prices: %s", exc)
            if os.path.exists(CACHE_PATH):
                prices = load_cache(CACHE_PATH)
            else:
                return 1
        else:
            save_cache(CACHE_PATH, prices)
    if args.csv:
        write_csv(prices, args.csv)
    print_table(prices, args.category)
    return 0


if __name__ == "__main__":
    sys.exit(main())
