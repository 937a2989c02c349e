#!/usr/bin/env python3
"""Quote postage for mail-order seed packet orders.

Reads pending orders from a CSV, asks the courier's rate API for a
quote per parcel and writes the cheapest service for each order.
"""
import argparse
import csv
import json
import logging
import os
import sys
from pathlib import Path

import requests

log = logging.getLogger("postage")

API_BASE = os.environ.get("COURIER_API_BASE", "https://api.parcelrates.example/v2")
ORIGIN_POSTCODE = os.environ.get("SEEDBANK_POSTCODE", "AB1 2CD")
PACKET_WEIGHT_G = 6
ENVELOPE_WEIGHT_G = 18


class RateClient:
    def __init__(self, base_url, api_key, timeout=15):
        self.base_url = base_url.rstrip("/")
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Bearer {api_key}",
            "Accept": "application/json",
        })
        self.timeout = timeout

    def quote(self, destination, weight_g):
        body = {
            "origin": {"postcode": ORIGIN_POSTCODE},
            "destination": {"postcode": destination},
            "parcel": {"weight_grams": weight_g, "format": "large_letter"},
        }
        resp = self.session.post(f"{self.base_url}/quotes", json=body, timeout=self.timeout)
        resp.raise_for_status()
        return resp.json().get("services", [])


def parcel_weight(packets):
    return ENVELOPE_WEIGHT_G + PACKET_WEIGHT_G * packets


def cheapest(services):
    priced = [s for s in services if s.get("price") is not None]
    if not priced:
        return None
    return min(priced, key=lambda s: (s["price"], s.get("days", 99)))


def read_orders(path):
    with open(path, newline="", encoding="utf-8") as handle:
        for row in csv.DictReader(handle):
            if row.get("status", "pending") == "pending":
                yield row


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("orders", type=Path)
    parser.add_argument("--out", type=Path, default=Path("postage_quotes.json"))
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    api_key = os.environ.get("COURIER_API_KEY")
    if not api_key:
        log.error("COURIER_API_KEY is not set")
        sys.exit(1)

    client = RateClient(API_BASE, api_key)
    results = []
    for order in read_orders(args.orders):
        packets = int(order.get("packets") or 1)
        weight = parcel_weight(packets)
        try:
            best = cheapest(client.quote(order["postcode"], weight))
        except requests.RequestException as exc:
            log.warning("order %s: quote failed: %s", order["order_id"], exc)
            continue
        if best is None:
            log.warning("order %s: no services offered", order["order_id"])
            continue
        results.append({
            "order_id": order["order_id"],
            "weight_g": weight,
            "service": best.get("name"),
            "price": best["price"],
            "days": best.get("days"),
        })

    args.out.write_text(json.dumps(results, indent=2))
    total = sum(r["price"] for r in results)
    log.info("quoted %d orders, total postage %.2f -> %s", len(results), total, args.out)


if __name__ == "__main__":
    main()
