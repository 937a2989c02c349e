#!/usr/bin/env python3
"""Spot price fetch.

Pulls current gold/silver/platinum spot prices and writes melt values
for the bullion coins in the inventory sheet.
"""
import argparse
import csv
import importlib
import json
import logging
import os
from dataclasses import dataclass

log = logging.getLogger("spot")

API = os.environ.get("SPOT_API", "https://api.example.com/metals/v1/spot")
TROY_OZ_GRAMS = 31.1034768


@dataclass
class Coin:
    name: str
    metal: str
    grams: float
    fineness: float

    @property
    def fine_oz(self):
        return self.grams * self.fineness / TROY_OZ_GRAMS


def fetch_spot(currency, timeout):
    req_mod = importlib.import_module("urllib.request")
    url = f"{API}?currency={currency}"
    req = req_mod.Request(url, headers={"Accept": "application/json"})
    with req_mod.urlopen(req, timeout=timeout) as resp:
        data = json.load(resp)
    return {k.lower(): float(v) for k, v in data.get("prices", {}).items()}


def read_inventory(path):
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            try:
                yield Coin(row["name"], row["metal"].lower(), float(row["grams"]), float(row["fineness"]))
            except (KeyError, ValueError) as exc:
                log.warning("bad row %s: %s", row, exc)


def melt(coin, spot):
    price = spot.get(coin.metal)
    return None if price is None else round(coin.fine_oz * price, 2)


FORMATTERS = {
    "csv": lambda rows, fh: csv.writer(fh).writerows(rows),
    "json": lambda rows, fh: json.dump([dict(zip(rows[0], r)) for r in rows[1:]], fh, indent=2),
}


def main():
    ap = argparse.ArgumentParser(description="melt values from spot prices")
    ap.add_argument("inventory", nargs="?", default="bullion.csv")
    ap.add_argument("--currency", default="USD")
    ap.add_argument("--format", choices=sorted(FORMATTERS), default="csv")
    ap.add_argument("--out", default=None)
    ap.add_argument("--timeout", type=float, default=10.0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        spot = fetch_spot(args.currency, args.timeout)
    except (OSError, ValueError) as exc:
        log.error("spot prices unavailable: %s", exc)
        return 1
    log.info("spot: %s", ", ".join(f"{k}={v}" for k, v in sorted(spot.items())))

    rows = [["name", "metal", "fine_oz", "melt_" + args.currency.lower()]]
    for coin in read_inventory(args.inventory):
        value = melt(coin, spot)
        rows.append([coin.name, coin.metal, round(coin.fine_oz, 4), "" if value is None else value])

    out = args.out or f"melt_values.{args.format}"
    with open(out, "w", newline="") as fh:
        FORMATTERS[args.format](rows, fh)
    log.info("%d coins written to %s", len(rows) - 1, out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
