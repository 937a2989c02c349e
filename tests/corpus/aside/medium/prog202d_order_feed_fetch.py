#!/usr/bin/env python3
"""Supplier order-status feed import.

Pulls open purchase-order status from the distributor's feed and maps the
supplier SKUs to the shop's own SKUs using a local mapping file.
"""
import argparse
import csv
import logging
import os
import sys
from functools import partial
from pathlib import Path

import requests
import yaml

log = logging.getLogger("order_feed")

FEED = os.environ.get("ORDER_FEED_URL", "https://feeds.example.com/v2/orders/open")
MAPPING = Path("sku_mapping.yaml")


class FeedClient:
    def __init__(self, url, account, verify):
        self.url = url
        self.session = requests.Session()
        self.session.headers["X-Account"] = account
        self.get = partial(self.session.get, timeout=20, verify=verify)

    def orders(self):
        resp = self.get(self.url)
        resp.raise_for_status()
        payload = resp.json()
        return payload.get("orders", [])


def load_mapping(path):
    with path.open(encoding="utf-8") as fh:
        loader = getattr(yaml, "Loader")
        data = yaml.load(fh, Loader=loader)
    return data.get("skus", {}) if isinstance(data, dict) else {}


def translate(orders, mapping):
    for order in orders:
        for line in order.get("lines", []):
            supplier_sku = line.get("sku", "")
            yield {
                "po": order.get("po"),
                "status": order.get("status", "unknown"),
                "supplier_sku": supplier_sku,
                "shop_sku": mapping.get(supplier_sku, ""),
                "qty": line.get("qty", 0),
                "eta": order.get("eta", ""),
            }


def write_csv(rows, out):
    fields = ["po", "status", "supplier_sku", "shop_sku", "qty", "eta"]
    count = unmapped = 0
    with open(out, "w", newline="", encoding="utf-8") as fh:
        w = csv.DictWriter(fh, fieldnames=fields)
        w.writeheader()
        for row in rows:
            w.writerow(row)
            count += 1
            unmapped += not row["shop_sku"]
    return count, unmapped


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--account", default=os.environ.get("ORDER_FEED_ACCOUNT", "shop-0042"))
    ap.add_argument("--mapping", type=Path, default=MAPPING)
    ap.add_argument("--out", default="open_orders.csv")
    ap.add_argument("--strict-tls", action="store_true",
                    help="verify the feed's certificate (supplier cert is self-signed)")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not args.strict_tls:
        requests.packages.urllib3.disable_warnings()

    try:
        mapping = load_mapping(args.mapping)
    except (OSError, yaml.YAMLError) as exc:
        log.error("cannot read mapping: %s", exc)
        return 2

    client = FeedClient(FEED, args.account, verify=args.strict_tls)
    try:
        orders = client.orders()
    except requests.RequestException as exc:
        log.error("feed request failed: %s", exc)
        return 1

    count, unmapped = write_csv(translate(orders, mapping), args.out)
    log.info("%d order lines written to %s (%d without shop SKU)", count, args.out, unmapped)
    return 0


if __name__ == "__main__":
    sys.exit(main())
