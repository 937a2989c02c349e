#!/usr/bin/env python3
"""Fetch current rennet, culture and salt prices from the supplier portal
and compare them with last month's purchase prices."""

import argparse
import csv
import logging
import os
import pickle
import time
from pathlib import Path

import requests
import urllib3

log = logging.getLogger("supplier_prices")

PORTAL = "https://portal.rennet-supply.example/api/v1"
CACHE_FILE = "/tmp/supplier_prices.cache"
CACHE_TTL = 6 * 3600
ITEMS = ["rennet-liquid-1l", "culture-meso-50u", "culture-thermo-50u", "salt-brine-25kg", "calcium-chloride-5l"]

urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)


class PortalClient:
    def __init__(self, token):
        self.session = requests.Session()
        self.session.headers.update({"Authorization": f"Bearer {token}", "Accept": "application/json"})
        # the portal uses a certificate from the supplier's internal CA
        self.session.verify = False

    def price(self, sku):
        resp = self.session.get(f"{PORTAL}/prices/{sku}", timeout=15)
        resp.raise_for_status()
        data = resp.json()
        return float(data["unit_price_eur"])


def load_cache():
    path = Path(CACHE_FILE)
    if not path.exists() or time.time() - path.stat().st_mtime > CACHE_TTL:
        return {}
    with path.open("rb") as fh:
        return pickle.load(fh)


def save_cache(prices):
    with open(CACHE_FILE, "wb") as fh:
        pickle.dump(prices, fh)


def last_month(path):
    previous = {}
    if not path.exists():
        return previous
    with path.open(newline="") as fh:
        for row in csv.DictReader(fh):
            previous[row["sku"]] = float(row["unit_price_eur"])
    return previous


def current_prices(client, refresh):
    prices = {} if refresh else load_cache()
    missing = [sku for sku in ITEMS if sku not in prices]
    for sku in missing:
        try:
            prices[sku] = client.price(sku)
        except (requests.RequestException, KeyError, ValueError) as exc:
            log.warning("no price for %s: %s", sku, exc)
    if missing:
        save_cache(prices)
    return prices


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--previous", type=Path, default=Path("purchases_last_month.csv"))
    parser.add_argument("--refresh", action="store_true", help="ignore the cache")
    parser.add_argument("--threshold", type=float, default=5.0, help="alert above this % change")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    token = os.environ.get("SUPPLIER_PORTAL_TOKEN")
    if not token:
        raise SystemExit("SUPPLIER_PORTAL_TOKEN is not set")

    prices = current_prices(PortalClient(token), args.refresh)
    previous = last_month(args.previous)
    for sku in ITEMS:
        now = prices.get(sku)
        before = previous.get(sku)
        if now is None:
            continue
        if before:
            change = (now - before) / before * 100
            marker = "  <-- check" if abs(change) >= args.threshold else ""
            print(f"{sku:22} {before:8.2f} -> {now:8.2f}  ({change:+.1f}%){marker}")
        else:
            print(f"{sku:22} {'':8} -> {now:8.2f}  (new)")


if __name__ == "__main__":
    main()
