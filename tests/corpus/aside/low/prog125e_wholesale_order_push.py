#!/usr/bin/env python3
"""Sync the oyster farm's open wholesale orders to the distributor portal.

Reads orders exported from the farm's till (orders.csv, one line per SKU),
groups them per buyer and pushes them to the distributor's order API. The
API key comes from WHOLESALE_API_KEY. Orders already accepted are recorded
in .order_sync_state.json so they are not pushed twice.
"""
import argparse
import collections
import csv
import json
import logging
import os
import sys
import time
from pathlib import Path

import requests

log = logging.getLogger("orderpush")

DEFAULT_API = "https://api.shellfish-wholesale.example.com/v2"
STATE_FILE = Path(".order_sync_state.json")


def load_state():
    try:
        return set(json.loads(STATE_FILE.read_text()))
    except (FileNotFoundError, ValueError):
        return set()


def save_state(done):
    STATE_FILE.write_text(json.dumps(sorted(done)))
    os.chmod(STATE_FILE, 0o600)


def read_orders(path):
    grouped = collections.defaultdict(list)
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            try:
                qty = int(row["qty"])
            except (KeyError, ValueError):
                log.warning("skipping malformed row %r", row)
                continue
            grouped[(row["order_id"], row["buyer"])].append(
                {"sku": row["sku"], "qty": qty, "unit": row.get("unit", "doz"),
                 "grade": row.get("grade", "A")})
    for (order_id, buyer), lines in grouped.items():
        yield {"order_id": order_id, "buyer": buyer, "lines": lines}


class PortalClient:
    def __init__(self, base_url, api_key, timeout=15, retries=3):
        self.base_url = base_url.rstrip("/")
        self.timeout, self.retries = timeout, retries
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Bearer {api_key}",
            "User-Agent": "farm-orderpush/1.7",
        })

    def push(self, order):
        url = f"{self.base_url}/orders"
        for attempt in range(1, self.retries + 1):
            try:
                resp = self.session.post(url, json=order, timeout=self.timeout)
            except requests.RequestException as exc:
                log.warning("order %s attempt %d: %s", order["order_id"], attempt, exc)
                time.sleep(2 ** attempt)
                continue
            if resp.status_code in (200, 201, 409):
                return True
            if resp.status_code >= 500:
                time.sleep(2 ** attempt)
                continue
            log.error("order %s rejected: %s %s", order["order_id"],
                      resp.status_code, resp.text[:200])
            return False
        return False


def main(argv=None):
    p = argparse.ArgumentParser(description="push wholesale orders to the distributor")
    p.add_argument("orders_csv", nargs="?", default="orders.csv")
    p.add_argument("--api", default=os.environ.get("WHOLESALE_API", DEFAULT_API))
    p.add_argument("--dry-run", action="store_true")
    p.add_argument("-v", "--verbose", action="store_true")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")

    api_key = os.environ.get("WHOLESALE_API_KEY")
    if not api_key:
        log.error("WHOLESALE_API_KEY is not set")
        return 2
    done = load_state()
    client = PortalClient(args.api, api_key)
    pushed = failed = 0
    for order in read_orders(args.orders_csv):
        if order["order_id"] in done:
            continue
        if args.dry_run:
            log.info("would push %s (%d lines)", order["order_id"], len(order["lines"]))
            continue
        if client.push(order):
            done.add(order["order_id"])
            pushed += 1
        else:
            failed += 1
    save_state(done)
    log.info("pushed %d orders, %d failed", pushed, failed)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
