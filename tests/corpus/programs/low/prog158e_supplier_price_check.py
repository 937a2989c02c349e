#!/usr/bin/env python3
"""Check supplier prices for the salon's regular product order.

Reads the standing order list (order.csv: sku,qty), fetches current prices
from the wholesaler's API, caches responses for an hour, and optionally
submits a draft order back to the same API for the salon manager to approve.
"""
import argparse
import csv
import hashlib
import json
import logging
import os
import time
from pathlib import Path

import requests

LOG = logging.getLogger("price_check")

API_BASE = os.environ.get("WHOLESALER_API", "https://api.example.com/trade/v1")
CACHE_DIR = Path(".price_cache")
CACHE_TTL = 3600


class Wholesaler:
    def __init__(self, base, key):
        self.base = base.rstrip("/")
        self.session = requests.Session()
        self.session.headers.update({"X-Api-Key": key, "Accept": "application/json"})

    def _cache_path(self, url):
        # cache key only; not used for anything security related
        return CACHE_DIR / (hashlib.md5(url.encode()).hexdigest() + ".json")

    def get_json(self, path):
        url = f"{self.base}{path}"
        cached = self._cache_path(url)
        if cached.exists() and time.time() - cached.stat().st_mtime < CACHE_TTL:
            return json.loads(cached.read_text())
        resp = self.session.get(url, timeout=10)
        resp.raise_for_status()
        CACHE_DIR.mkdir(exist_ok=True)
        cached.write_text(resp.text)
        return resp.json()

    def price(self, sku):
        return self.get_json(f"/products/{sku}")

    def draft_order(self, lines):
        resp = self.session.post(f"{self.base}/orders/drafts",
                                 json={"account": "college-salon", "lines": lines}, timeout=15)
        resp.raise_for_status()
        return resp.json()


def read_order(path):
    with open(path, newline="", encoding="utf-8") as fh:
        return [(row["sku"], int(row["qty"])) for row in csv.DictReader(fh)]


def prune_cache(max_age=CACHE_TTL * 24):
    if not CACHE_DIR.exists():
        return 0
    removed = 0
    for f in CACHE_DIR.glob("*.json"):
        if time.time() - f.stat().st_mtime > max_age:
            f.unlink()
            removed += 1
    return removed


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--order", default="order.csv")
    parser.add_argument("--submit", action="store_true", help="create a draft order")
    parser.add_argument("--budget", type=float, default=0.0, help="warn above this total")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    key = os.environ.get("WHOLESALER_API_KEY")
    if not key:
        raise SystemExit("WHOLESALER_API_KEY is not set")
    api = Wholesaler(API_BASE, key)
    LOG.debug("pruned %d stale cache files", prune_cache())

    lines, total = [], 0.0
    for sku, qty in read_order(args.order):
        try:
            info = api.price(sku)
        except requests.RequestException as exc:
            LOG.warning("%s: price unavailable (%s)", sku, exc)
            continue
        unit = float(info.get("trade_price", 0))
        stock = info.get("in_stock", "?")
        total += unit * qty
        lines.append({"sku": sku, "qty": qty})
        print(f"{sku:<10} {info.get('name', ''):<34} {qty:>3} x {unit:>7.2f}  stock {stock}")

    print(f"{'':<10} {'TOTAL':<34} {'':>3}   {total:>7.2f}")
    if args.budget and total > args.budget:
        LOG.warning("order total %.2f is over budget %.2f", total, args.budget)

    if args.submit and lines:
        draft = api.draft_order(lines)
        LOG.info("draft order %s created for approval", draft.get("id"))


if __name__ == "__main__":
    main()
