#!/usr/bin/env python3
"""Pushes distillery-door orders to the online shop's fulfilment API.

Orders taken at the visitor-centre till are exported as CSV; this client
uploads them so stock levels on the web shop stay in step.
"""
import argparse
import csv
import importlib
import json
import logging
import os
from dataclasses import asdict, dataclass
from pathlib import Path

log = logging.getLogger("shop.orders")

API_BASE = os.environ.get("SHOP_API_BASE", "https://api.stillroom-shop.example/v2")


@dataclass
class Order:
    order_ref: str
    sku: str
    quantity: int
    unit_price: float
    channel: str = "distillery-door"


class ShopClient:
    def __init__(self, base, key):
        self.base = base.rstrip("/")
        http = importlib.import_module("requests")
        self.session = http.Session()
        self.session.headers.update({
            "Authorization": f"Bearer {key}",
            "Accept": "application/json",
        })

    def _send(self, verb, path, **kwargs):
        method = getattr(self.session, verb)
        resp = method(f"{self.base}{path}", timeout=20, **kwargs)
        resp.raise_for_status()
        return resp.json() if resp.content else {}

    def known_refs(self, refs):
        got = self._send("get", "/orders", params={"refs": ",".join(refs)})
        return {o["order_ref"] for o in got.get("orders", [])}

    def upload(self, orders):
        body = {"orders": [asdict(o) for o in orders]}
        return self._send("post", "/orders/batch", json=body)


def read_orders(path):
    out = []
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            try:
                out.append(Order(
                    order_ref=row["ref"].strip(),
                    sku=row["sku"].strip(),
                    quantity=int(row["qty"]),
                    unit_price=float(row["price"]),
                ))
            except (KeyError, ValueError) as exc:
                log.warning("skipping row %r: %s", row, exc)
    return out


def batches(items, size):
    for i in range(0, len(items), size):
        yield items[i:i + size]


def main():
    parser = argparse.ArgumentParser(description="Upload till orders to the web shop")
    parser.add_argument("csv_file", type=Path)
    parser.add_argument("--batch-size", type=int, default=50)
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    key = os.environ.get("SHOP_API_KEY")
    if not key:
        parser.error("SHOP_API_KEY is not set")

    orders = read_orders(args.csv_file)
    if not orders:
        log.info("no orders in %s", args.csv_file)
        return
    client = ShopClient(API_BASE, key)
    already = client.known_refs([o.order_ref for o in orders])
    pending = [o for o in orders if o.order_ref not in already]
    log.info("%d orders, %d new", len(orders), len(pending))
    if args.dry_run:
        print(json.dumps([asdict(o) for o in pending], indent=2))
        return
    for chunk in batches(pending, args.batch_size):
        result = client.upload(chunk)
        log.info("uploaded %d, shop accepted %s", len(chunk), result.get("accepted", "?"))


if __name__ == "__main__":
    main()
