#!/usr/bin/env python3
"""Client for the wholesale ordering API.

Pulls open orders from our order platform, caches responses locally so
repeated runs during the packing morning don't hammer the API, and
confirms orders once the crates are packed.
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

log = logging.getLogger("orders")

API_BASE = os.environ.get("ORDERS_API", "https://api.example.com/v1")
CACHE_DIR = Path(".order_cache")
CACHE_TTL = 300


class OrderClient:
    def __init__(self, api_key, base=API_BASE):
        self.base = base.rstrip("/")
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Bearer {api_key}",
            "Accept": "application/json",
        })

    # -- caching -------------------------------------------------------
    @staticmethod
    def _cache_path(url, params):
        key = hashlib.md5((url + json.dumps(params, sort_keys=True)).encode()).hexdigest()
        return CACHE_DIR / f"{key}.json"

    def _get_cached(self, url, params):
        path = self._cache_path(url, params)
        if path.exists() and time.time() - path.stat().st_mtime < CACHE_TTL:
            return json.loads(path.read_text())
        resp = self.session.get(url, params=params, timeout=20)
        resp.raise_for_status()
        data = resp.json()
        CACHE_DIR.mkdir(exist_ok=True)
        path.write_text(json.dumps(data))
        # responses include buyer contact details; keep them private
        os.chmod(path, 0o600)
        return data

    # -- API calls -----------------------------------------------------
    def open_orders(self, day):
        return self._get_cached(f"{self.base}/orders", {"status": "open", "delivery_date": day})

    def confirm(self, order_id, crates, kg):
        payload = {"status": "packed", "crates": crates, "packed_kg": kg}
        resp = self.session.post(f"{self.base}/orders/{order_id}/confirm",
                                 json=payload, timeout=20)
        resp.raise_for_status()
        return resp.json()


def packing_list(orders):
    by_product = {}
    for order in orders:
        for line in order.get("lines", []):
            prod = line["product"]
            by_product[prod] = by_product.get(prod, 0.0) + float(line["kg"])
    return dict(sorted(by_product.items()))


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    sub = ap.add_subparsers(dest="cmd", required=True)
    p_list = sub.add_parser("list")
    p_list.add_argument("--day", default=time.strftime("%Y-%m-%d"))
    p_conf = sub.add_parser("confirm")
    p_conf.add_argument("order_id")
    p_conf.add_argument("--crates", type=int, required=True)
    p_conf.add_argument("--kg", type=float, required=True)
    sub.add_parser("clear-cache")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.cmd == "clear-cache":
        for f in CACHE_DIR.glob("*.json"):
            f.unlink()
        log.info("cache cleared")
        return 0

    key = os.environ.get("ORDERS_API_KEY")
    if not key:
        log.error("ORDERS_API_KEY is not set")
        return 2
    client = OrderClient(key)
    try:
        if args.cmd == "list":
            orders = client.open_orders(args.day).get("orders", [])
            print(f"{len(orders)} open orders for {args.day}")
            for prod, kg in packing_list(orders).items():
                print(f"  {prod:<24} {kg:8.1f} kg")
        else:
            res = client.confirm(args.order_id, args.crates, args.kg)
            print(f"order {args.order_id}: {res.get('status')}")
    except requests.RequestException as exc:
        log.error("API error: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
