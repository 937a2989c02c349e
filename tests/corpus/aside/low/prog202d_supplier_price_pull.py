#!/usr/bin/env python3
"""Supplier price list sync.

Downloads the distributor's current price list, compares it to the shop's
shelf prices and submits the suggested retail updates back to the
distributor's pricing API for approval.
"""
import argparse
import csv
import importlib
import json
import logging
import os
import sys
from dataclasses import dataclass
from decimal import Decimal, ROUND_HALF_UP

log = logging.getLogger("price_pull")
web = importlib.import_module("urllib.request")
errors = importlib.import_module("urllib.error")


@dataclass
class Api:
    base: str = os.environ.get("PRICING_API", "https://api.example.com/pricing/v1")
    key_var: str = "PRICING_API_KEY"

    @property
    def key(self):
        value = os.environ.get(self.key_var)
        if not value:
            raise RuntimeError(f"set {self.key_var} first")
        return value

    def _request(self, method, path, body=None):
        headers = {"Authorization": f"Bearer {self.key}", "Accept": "application/json"}
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        req = web.Request(f"{self.base}{path}", data=data, method=method, headers=headers)
        with web.urlopen(req, timeout=20) as resp:
            return json.loads(resp.read() or b"{}")

    def price_list(self):
        return self._request("GET", "/pricelist")

    def submit(self, updates):
        return self._request("POST", "/suggestions", {"updates": updates})


def shelf_prices(path):
    with open(path, newline="", encoding="utf-8") as fh:
        return {r["sku"]: Decimal(r["price"]) for r in csv.DictReader(fh)}


def suggest(items, shelf, markup):
    for item in items:
        sku = item.get("sku")
        if sku not in shelf:
            continue
        cost = Decimal(str(item.get("cost", "0")))
        target = (cost * markup).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)
        if abs(target - shelf[sku]) >= Decimal("1.00"):
            yield {"sku": sku, "current": str(shelf[sku]), "suggested": str(target)}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("shelf", help="CSV of sku,price from the POS")
    ap.add_argument("--markup", type=Decimal, default=Decimal("1.65"))
    ap.add_argument("--submit", action="store_true", help="send suggestions to the API")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    api = Api()
    try:
        shelf = shelf_prices(args.shelf)
        listing = api.price_list()
    except (OSError, KeyError, RuntimeError, errors.URLError) as exc:
        log.error("%s", exc)
        return 1

    updates = list(suggest(listing.get("items", []), shelf, args.markup))
    for u in updates:
        print(f"{u['sku']:<14} {u['current']:>9} -> {u['suggested']:>9}")
    log.info("%d of %d shelf SKUs differ from target", len(updates), len(shelf))

    if args.submit and updates:
        try:
            result = api.submit(updates)
        except errors.URLError as exc:
            log.error("submit failed: %s", exc)
            return 1
        log.info("submitted, batch id %s", result.get("batch_id", "?"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
