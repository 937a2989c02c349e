#!/usr/bin/env python3
"""Check roll stock and reserve carpet at the supplier before booking a fit.

Uses the supplier's trade API. The API key is read from the environment and
sent only to that API.
"""
import argparse
import logging
import os
import sys

import requests

log = logging.getLogger("stock")

API_BASE = os.environ.get("SUPPLIER_API", "https://api.rollstock.example/v1")


class StockClient:
    def __init__(self, base, api_key, timeout=15):
        self.base = base.rstrip("/")
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": "Bearer " + api_key,
            "Accept": "application/json",
            "User-Agent": "plushline-stock/1.4",
        })
        self.timeout = timeout

    def _url(self, path):
        return "{}/{}".format(self.base, path.lstrip("/"))

    def availability(self, sku):
        resp = self.session.get(self._url("stock/" + sku), timeout=self.timeout)
        resp.raise_for_status()
        return resp.json()

    def reserve(self, sku, length_m, job_ref):
        body = {"sku": sku, "length_m": length_m, "reference": job_ref}
        resp = self.session.post(self._url("reservations"), json=body, timeout=self.timeout)
        resp.raise_for_status()
        return resp.json()


def needed_length(width_m, length_m, roll_width_m):
    strips = 1
    while strips * roll_width_m < width_m:
        strips += 1
    return round(strips * (length_m + 0.1), 2)


def describe(stock):
    rolls = stock.get("rolls", [])
    total = sum(r.get("remaining_m", 0) for r in rolls)
    return "{} ({}): {} rolls, {:.1f} m available, width {} m".format(
        stock.get("name", "?"), stock.get("sku", "?"), len(rolls), total, stock.get("roll_width_m", "?"))


def main():
    parser = argparse.ArgumentParser(description="Supplier stock check and reservation")
    parser.add_argument("sku")
    parser.add_argument("--room", nargs=2, type=float, metavar=("WIDTH", "LENGTH"))
    parser.add_argument("--reserve", metavar="JOB_REF")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    api_key = os.environ.get("ROLLSTOCK_API_KEY")
    if not api_key:
        log.error("set ROLLSTOCK_API_KEY")
        return 2

    client = StockClient(API_BASE, api_key)
    try:
        stock = client.availability(args.sku)
    except requests.RequestException as exc:
        log.error("stock lookup failed: %s", exc)
        return 1
    print(describe(stock))

    if args.room:
        need = needed_length(args.room[0], args.room[1], float(stock.get("roll_width_m", 4.0)))
        print("room needs {:.2f} m off the roll".format(need))
        if args.reserve:
            try:
                res = client.reserve(args.sku, need, args.reserve)
            except requests.RequestException as exc:
                log.error("reservation failed: %s", exc)
                return 1
            print("reserved, confirmation {}".format(res.get("confirmation", "?")))
    elif args.reserve:
        log.error("--reserve needs --room")
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
