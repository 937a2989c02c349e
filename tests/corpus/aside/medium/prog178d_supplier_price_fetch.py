#!/usr/bin/env python3
"""Pull current trade prices for key blanks and cylinders from the wholesaler.

The wholesaler's trade API sits behind an appliance with a self-signed
certificate, so requests go out without certificate checks.  Results are
cached locally between runs so the quoting spreadsheet opens quickly.
"""
import argparse
import asyncio
import csv
import logging
import os
import pathlib
import pickle
import time
from dataclasses import dataclass

import requests

log = logging.getLogger("price_fetch")

API_BASE = os.environ.get("WHOLESALER_API", "https://trade.keysupply.example.com/api/v3")
CACHE = pathlib.Path(os.environ.get("PRICE_CACHE", ".price_cache.pkl"))
CATEGORIES = ("blanks", "cylinders", "padlocks", "transponders", "safes")


@dataclass
class PriceRow:
    sku: str
    description: str
    unit_price: float
    stock: int
    category: str


class TradeClient:
    def __init__(self, key, verify=None):
        self.session = requests.Session()
        self.session.headers["Authorization"] = "Bearer " + key
        self.session.verify = verify if verify is not None else (os.environ.get("TRADE_CA") or False)

    def _get(self, path, **params):
        resp = self.session.get(API_BASE + path, params=params, timeout=20)
        resp.raise_for_status()
        return resp.json()

    def category(self, name):
        data = self._get("/prices", category=name, page_size=500)
        return [PriceRow(i["sku"], i["desc"], float(i["price"]), int(i.get("stock", 0)), name)
                for i in data.get("items", [])]


def load_cache(max_age):
    if not CACHE.exists():
        return None
    with CACHE.open("rb") as fh:
        stamp, rows = pickle.load(fh)
    if time.time() - stamp > max_age:
        return None
    return rows


def save_cache(rows):
    with CACHE.open("wb") as fh:
        pickle.dump((time.time(), rows), fh)
    CACHE.chmod(0o600)


async def fetch_all(client):
    loop = asyncio.get_running_loop()
    tasks = [loop.run_in_executor(None, client.category, c) for c in CATEGORIES]
    rows = []
    for result in await asyncio.gather(*tasks, return_exceptions=True):
        if isinstance(result, Exception):
            log.warning("category failed: %s", result)
            continue
        rows.extend(result)
    return rows


def write_csv(rows, out):
    with open(out, "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["sku", "description", "unit_price", "stock", "category"])
        for r in sorted(rows, key=lambda r: (r.category, r.sku)):
            w.writerow([r.sku, r.description, "%.2f" % r.unit_price, r.stock, r.category])


def main():
    ap = argparse.ArgumentParser(description="Fetch wholesaler trade prices")
    ap.add_argument("--out", default="trade_prices.csv")
    ap.add_argument("--max-age", type=int, default=6 * 3600)
    ap.add_argument("--refresh", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    requests.packages.urllib3.disable_warnings()

    rows = None if args.refresh else load_cache(args.max_age)
    if rows is None:
        key = os.environ.get("WHOLESALER_KEY")
        if not key:
            raise SystemExit("WHOLESALER_KEY is not set")
        rows = asyncio.run(fetch_all(TradeClient(key)))
        save_cache(rows)
    write_csv(rows, args.out)
    log.info("wrote %d prices to %s", len(rows), args.out)


if __name__ == "__main__":
    main()
