#!/usr/bin/env python3
"""Place replenishment orders for nutrient concentrates and grow media.

Reads the weekly stock sheet, works out what is below the reorder point
and submits purchase orders to the supplier's ordering API. The API key
comes from the environment (SUPPLIER_API_KEY) and is only ever sent to
the supplier API itself.
"""
import argparse
import csv
import json
import logging
import os
import sys
from dataclasses import dataclass

import requests

LOG = logging.getLogger("supplier-orders")

API_BASE = os.environ.get("SUPPLIER_API_BASE", "https://api.example.com/v3")
TIMEOUT = 15


@dataclass
class StockItem:
    sku: str
    name: str
    on_hand: float
    reorder_point: float
    order_qty: float

    @property
    def needs_order(self):
        return self.on_hand <= self.reorder_point


class SupplierClient:
    def __init__(self, base, api_key):
        self.base = base.rstrip("/")
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Bearer {api_key}",
            "Accept": "application/json",
        })

    def ping(self):
        r = self.session.head(f"{self.base}/status", timeout=TIMEOUT)
        return r.ok

    def submit(self, items, reference):
        payload = {
            "reference": reference,
            "lines": [{"sku": i.sku, "quantity": i.order_qty} for i in items],
        }
        r = self.session.post(f"{self.base}/orders", json=payload, timeout=TIMEOUT)
        r.raise_for_status()
        return r.json()

    def order_status(self, order_id):
        r = self.session.get(f"{self.base}/orders/{order_id}", timeout=TIMEOUT)
        r.raise_for_status()
        return r.json().get("status")


def read_stock(path):
    items = []
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            try:
                items.append(StockItem(
                    sku=row["sku"], name=row["name"],
                    on_hand=float(row["on_hand"]),
                    reorder_point=float(row["reorder_point"]),
                    order_qty=float(row["order_qty"])))
            except (KeyError, ValueError) as exc:
                LOG.warning("bad row %r: %s", row, exc)
    return items


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("stock_csv")
    ap.add_argument("--reference", default="weekly-replenish")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    api_key = os.environ.get("SUPPLIER_API_KEY")
    if not api_key:
        LOG.error("SUPPLIER_API_KEY is not set")
        return 2

    todo = [i for i in read_stock(args.stock_csv) if i.needs_order]
    if not todo:
        LOG.info("nothing below reorder point")
        return 0
    for i in todo:
        LOG.info("reorder %s (%s): %.1f", i.sku, i.name, i.order_qty)
    if args.dry_run:
        return 0

    client = SupplierClient(API_BASE, api_key)
    if not client.ping():
        LOG.error("supplier API not reachable")
        return 1
    try:
        result = client.submit(todo, args.reference)
    except requests.RequestException as exc:
        LOG.error("order failed: %s", exc)
        return 1
    LOG.info("order %s accepted, status %s", result.get("id"),
             client.order_status(result.get("id")))
    json.dump(result, sys.stdout, indent=2)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
