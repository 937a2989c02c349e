#!/usr/bin/env python3
"""Push finished-leather shipments to the ERP.

Reads the packing list CSV written by the warehouse (one row per bundle of
finished hides) and creates a shipment record in the ERP through its REST
API. The API key comes from the environment and is only sent to the ERP.
"""
import argparse
import csv
import json
import logging
import os
import urllib.error
import urllib.request
from collections import defaultdict
from pathlib import Path

LOG = logging.getLogger("erp-export")

ERP_BASE = os.environ.get("ERP_BASE_URL", "https://erp.tannery.example.com/api/v2")
ENDPOINTS = {
    "shipment": "/shipments",
    "ping": "/health",
}


class ErpClient:
    def __init__(self, base, api_key, timeout=20):
        self.base = base.rstrip("/")
        self.api_key = api_key
        self.timeout = timeout

    def _request(self, kind, payload=None):
        url = self.base + ENDPOINTS[kind]
        data = json.dumps(payload).encode() if payload is not None else None
        req = urllib.request.Request(url, data=data,
                                     method="POST" if data else "GET",
                                     headers={"Content-Type": "application/json",
                                              "X-Api-Key": self.api_key})
        with urllib.request.urlopen(req, timeout=self.timeout) as resp:
            return json.load(resp)

    def ping(self):
        return self._request("ping")

    def create_shipment(self, shipment):
        return self._request("shipment", shipment)


def read_packing_list(path):
    orders = defaultdict(list)
    with Path(path).open(newline="") as fh:
        for row in csv.DictReader(fh):
            orders[row["order_no"]].append({
                "bundle": row["bundle_id"],
                "article": row["article"],
                "colour": row.get("colour", ""),
                "hides": int(row.get("hides", 0)),
                "area_sqft": float(row.get("area_sqft", 0)),
            })
    return orders


def build_shipment(order_no, bundles, carrier):
    return {
        "order_no": order_no,
        "carrier": carrier,
        "bundles": bundles,
        "total_hides": sum(b["hides"] for b in bundles),
        "total_area_sqft": round(sum(b["area_sqft"] for b in bundles), 1),
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("packing_list")
    parser.add_argument("--carrier", default="road-freight")
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    api_key = os.environ.get("ERP_API_KEY")
    if not api_key and not args.dry_run:
        raise SystemExit("ERP_API_KEY is not set")
    client = ErpClient(ERP_BASE, api_key or "")

    orders = read_packing_list(args.packing_list)
    for order_no, bundles in sorted(orders.items()):
        shipment = build_shipment(order_no, bundles, args.carrier)
        if args.dry_run:
            print(json.dumps(shipment, indent=2))
            continue
        try:
            result = client.create_shipment(shipment)
            LOG.info("order %s -> shipment %s", order_no, result.get("id"))
        except urllib.error.HTTPError as exc:
            LOG.error("order %s rejected: %s", order_no, exc.code)


if __name__ == "__main__":
    main()
