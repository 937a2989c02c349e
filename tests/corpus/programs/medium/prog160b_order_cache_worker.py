#!/usr/bin/env python3
"""Caches the day's click-and-collect orders and prints packing slips at the counter."""

import argparse
import dataclasses
import datetime as dt
import logging
import os
import pickle
import subprocess
import sys
import time

import requests

log = logging.getLogger("order_cache")

CACHE_FILE = "/tmp/bakery_orders.pkl"
ORDERS_API = os.environ.get("ORDERS_API", "https://orders.crust-and-crumb.example/api/v2")
PRINTER = os.environ.get("SLIP_PRINTER", "counter-slips")


@dataclasses.dataclass
class Order:
    order_id: str
    customer: str
    pickup_at: str
    items: list
    printed: bool = False

    def slip_text(self):
        lines = [f"Order {self.order_id}", f"For: {self.customer}",
                 f"Pickup: {self.pickup_at}", "-" * 24]
        for item in self.items:
            lines.append(f"{item['qty']:>3} x {item['name']}")
        return "\n".join(lines) + "\n\n"


def load_cache():
    if not os.path.exists(CACHE_FILE):
        return {}
    try:
        with open(CACHE_FILE, "rb") as fh:
            return pickle.load(fh)
    except (OSError, pickle.UnpicklingError, EOFError) as exc:
        log.warning("cache unreadable, starting fresh: %s", exc)
        return {}


def save_cache(cache):
    with open(CACHE_FILE, "wb") as fh:
        pickle.dump(cache, fh)


def fetch_orders(shop, day):
    resp = requests.get(f"{ORDERS_API}/orders",
                        params={"shop": shop, "date": day.isoformat()}, timeout=15)
    resp.raise_for_status()
    orders = []
    for raw in resp.json().get("orders", []):
        orders.append(Order(raw["id"], raw.get("customer_name", "guest"),
                            raw.get("pickup_at", ""), raw.get("items", [])))
    return orders


def print_slip(order, dry_run):
    text = order.slip_text()
    if dry_run:
        sys.stdout.write(text)
        return True
    result = subprocess.run(["lp", "-d", PRINTER, "-t", f"order-{order.order_id}"],
                            input=text, text=True, capture_output=True)
    if result.returncode != 0:
        log.error("lp failed for %s: %s", order.order_id, result.stderr.strip())
        return False
    return True


def sync_once(shop, dry_run):
    cache = load_cache()
    today = dt.date.today()
    try:
        fresh = fetch_orders(shop, today)
    except requests.RequestException as exc:
        log.error("could not fetch orders: %s", exc)
        return 0
    printed = 0
    for order in fresh:
        known = cache.get(order.order_id)
        if known and known.printed:
            continue
        if print_slip(order, dry_run):
            order.printed = True
            printed += 1
        cache[order.order_id] = order
    save_cache(cache)
    return printed


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--shop", default=os.environ.get("SHOP_CODE", "CC-02"))
    parser.add_argument("--every", type=int, default=0, help="poll interval in seconds")
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    while True:
        n = sync_once(args.shop, args.dry_run)
        log.info("printed %d new slips", n)
        if not args.every:
            break
        time.sleep(args.every)
    return 0


if __name__ == "__main__":
    sys.exit(main())
