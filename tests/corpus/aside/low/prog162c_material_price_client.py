#!/usr/bin/env python3
"""Client for the regional recycling market price API.

Fetches the latest commodity prices for the materials the centre buys
and posts the centre's weekly accepted tonnage back to the same API.
"""
import argparse
import json
import logging
import os
import sys
from datetime import date
from pathlib import Path

import requests

LOG = logging.getLogger("market-api")

API_BASE = os.environ.get("MARKET_API_BASE", "https://api.recyclemarket.example/v2")
MATERIALS = ["PET", "HDPE", "ALU_CANS", "STEEL_CANS", "OCC", "MIXED_PAPER", "GLASS_CLEAR"]


class MarketClient:
    def __init__(self, base_url, api_key, timeout=20):
        self.base_url = base_url.rstrip("/")
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": "Bearer {}".format(api_key),
            "Accept": "application/json",
            "User-Agent": "recycle-centre-prices/1.3",
        })
        self.timeout = timeout

    def _url(self, path):
        return "{}/{}".format(self.base_url, path.lstrip("/"))

    def latest_prices(self, materials, region):
        resp = self.session.get(
            self._url("prices/latest"),
            params={"materials": ",".join(materials), "region": region},
            timeout=self.timeout,
        )
        resp.raise_for_status()
        return resp.json().get("prices", [])

    def submit_tonnage(self, site_id, week, tonnage):
        body = {"site": site_id, "week": week, "tonnage": tonnage}
        resp = self.session.post(self._url("sites/{}/tonnage".format(site_id)),
                                 json=body, timeout=self.timeout)
        resp.raise_for_status()
        return resp.json()


def load_tonnage(path):
    data = json.loads(Path(path).read_text())
    return {k.upper(): float(v) for k, v in data.items()}


def print_prices(prices):
    print("{:<14} {:>12} {:>10}".format("material", "per tonne", "change"))
    for item in sorted(prices, key=lambda p: p.get("material", "")):
        print("{:<14} {:>12.2f} {:>+10.2f}".format(
            item.get("material", "?"), float(item.get("price", 0)), float(item.get("change", 0))))


def parse_args():
    parser = argparse.ArgumentParser(description="Recycling market price client")
    sub = parser.add_subparsers(dest="cmd", required=True)
    prices = sub.add_parser("prices")
    prices.add_argument("--region", default=os.environ.get("MARKET_REGION", "north-west"))
    prices.add_argument("--material", action="append")
    submit = sub.add_parser("submit")
    submit.add_argument("tonnage_file")
    submit.add_argument("--site", default=os.environ.get("SITE_ID", "RC-014"))
    submit.add_argument("--week", default=date.today().strftime("%G-W%V"))
    return parser.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    api_key = os.environ.get("MARKET_API_KEY")
    if not api_key:
        LOG.error("MARKET_API_KEY is not set")
        return 2
    client = MarketClient(API_BASE, api_key)
    try:
        if args.cmd == "prices":
            print_prices(client.latest_prices(args.material or MATERIALS, args.region))
        else:
            result = client.submit_tonnage(args.site, args.week, load_tonnage(args.tonnage_file))
            LOG.info("submitted, receipt %s", result.get("receipt"))
    except requests.RequestException as exc:
        LOG.error("API request failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
