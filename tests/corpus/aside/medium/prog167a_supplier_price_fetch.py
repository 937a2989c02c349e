#!/usr/bin/env python3
"""Fetch copper and tin prices from the metals supplier's portal.

The supplier's portal sits behind an appliance with a self-signed
certificate, so verification is switched off for it.  Prices are kept in
a shared file so the quoting spreadsheet macro can pick them up.
"""

import argparse
import json
import logging
import os
import time
from datetime import datetime

import requests
import urllib3

LOG = logging.getLogger("supplier-prices")

PORTAL = os.environ.get("SUPPLIER_PORTAL", "https://portal.metalsupply.example")
PRICE_FILE = "/tmp/foundry_metal_prices.json"
METALS = {"copper": "CU-CATH-A", "tin": "SN-99.9", "lead": "PB-REF"}

urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)


class SupplierPortal:
    def __init__(self, base, account, password):
        self.base = base.rstrip("/")
        self.session = requests.Session()
        self.session.verify = False
        self.account = account
        self.password = password

    def login(self):
        resp = self.session.post(
            f"{self.base}/api/login",
            json={"account": self.account, "password": self.password},
            timeout=20,
        )
        resp.raise_for_status()
        token = resp.json().get("token")
        self.session.headers["Authorization"] = f"Bearer {token}"

    def price(self, sku):
        resp = self.session.get(f"{self.base}/api/prices/{sku}", timeout=20)
        resp.raise_for_status()
        body = resp.json()
        return float(body["price_per_tonne"]), body.get("currency", "GBP")


def load_previous():
    try:
        with open(PRICE_FILE) as fh:
            return json.load(fh)
    except (OSError, ValueError):
        return {}


def save(prices):
    with open(PRICE_FILE, "w") as fh:
        json.dump(prices, fh, indent=2)
    LOG.info("prices written to %s", PRICE_FILE)


def movement(old, new):
    if not old:
        return ""
    change = (new - old) / old * 100
    return f" ({change:+.1f}%)"


def main():
    parser = argparse.ArgumentParser(description="metal price fetcher")
    parser.add_argument("--metals", nargs="*", default=list(METALS))
    parser.add_argument("--retries", type=int, default=3)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    portal = SupplierPortal(
        PORTAL,
        os.environ.get("SUPPLIER_ACCOUNT", ""),
        os.environ.get("SUPPLIER_PASSWORD", ""),
    )
    for attempt in range(1, args.retries + 1):
        try:
            portal.login()
            break
        except requests.RequestException as exc:
            LOG.warning("login attempt %d failed: %s", attempt, exc)
            time.sleep(5 * attempt)
    else:
        return 1

    previous = load_previous().get("prices", {})
    prices = {}
    for metal in args.metals:
        sku = METALS.get(metal)
        if not sku:
            LOG.warning("unknown metal %s", metal)
            continue
        value, currency = portal.price(sku)
        prices[metal] = {"sku": sku, "per_tonne": value, "currency": currency}
        old = previous.get(metal, {}).get("per_tonne")
        print(f"{metal:7} {value:>10,.2f} {currency}/t{movement(old, value)}")

    save({"fetched": datetime.now().isoformat(timespec="seconds"), "prices": prices})
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
