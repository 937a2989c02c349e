#!/usr/bin/env python3
"""Ingot price fetch.

Pulls the day's ingot quotes (iron, steel, bronze, copper) from the guild
market feed and appends them to a CSV in the working directory so the
treasurer can chart material costs.
"""
import argparse
import csv
import datetime
import json
import logging
import os
import sys
import urllib.error
import urllib.request

LOG = logging.getLogger("ingot-prices")

FEED = {
    "base": "https://market.example.com/api/v1",
    "timeout": 15,
}

# Feed symbol per guild material name.
MATERIALS = {
    "iron": "FE",
    "steel": "ST",
    "bronze": "BRZ",
    "copper": "CU",
}


def quote_url(symbol):
    return "%s/quotes/%s" % (FEED["base"], symbol)


class QuoteClient:
    def __init__(self, timeout):
        self.timeout = timeout

    def fetch(self, symbol):
        req = urllib.request.Request(quote_url(symbol),
                                     headers={"Accept": "application/json"})
        with urllib.request.urlopen(req, timeout=self.timeout) as resp:
            payload = json.load(resp)
        return float(payload["price_per_kg"]), payload.get("currency", "silver")


def append_rows(path, rows):
    new_file = not os.path.exists(path)
    with open(path, "a", newline="", encoding="utf-8") as fh:
        writer = csv.writer(fh)
        if new_file:
            writer.writerow(["date", "material", "price_per_kg", "currency"])
        writer.writerows(rows)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("materials", nargs="*", default=list(MATERIALS))
    parser.add_argument("-o", "--output", default="ingot_prices.csv")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    client = QuoteClient(FEED["timeout"])
    today = datetime.date.today().isoformat()
    rows, failures = [], 0
    for material in args.materials:
        symbol = MATERIALS.get(material)
        if symbol is None:
            LOG.warning("unknown material %s", material)
            failures += 1
            continue
        try:
            price, currency = client.fetch(symbol)
        except (urllib.error.URLError, KeyError, ValueError) as exc:
            LOG.error("%s: %s", material, exc)
            failures += 1
            continue
        LOG.info("%-7s %8.2f %s/kg", material, price, currency)
        rows.append([today, material, "%.2f" % price, currency])

    if rows:
        append_rows(args.output, rows)
        LOG.info("appended %d quotes to %s", len(rows), args.output)
    return 1 if failures and not rows else 0


if __name__ == "__main__":
    sys.exit(main())
