#!/usr/bin/env python3
"""Weekly par-level report for the back bar.

Reads the stocktake CSV, pulls the wholesaler's public price list and writes a
reorder sheet for anything below par. Price lists are cached by URL.
"""
import argparse
import asyncio
import csv
import hashlib
import json
import logging
import os
import pathlib
from dataclasses import dataclass

import requests

log = logging.getLogger("par_report")

PRICE_LIST = os.environ.get("PRICE_LIST_URL", "https://prices.spirits-wholesale.example/v1/list.json")
CACHE = pathlib.Path(".cache")


@dataclass
class Line:
    sku: str
    name: str
    on_hand: float
    par: float

    @property
    def shortfall(self) -> float:
        return max(0.0, self.par - self.on_hand)


def cache_key(url: str) -> pathlib.Path:
    return CACHE / (hashlib.md5(url.encode()).hexdigest() + ".json")


def fetch_prices(url: str, refresh: bool, timeout: float) -> dict:
    path = cache_key(url)
    if path.exists() and not refresh:
        return json.loads(path.read_text())
    resp = requests.get(url, timeout=timeout)
    resp.raise_for_status()
    CACHE.mkdir(exist_ok=True)
    path.write_text(resp.text)
    return resp.json()


def read_stock(path: pathlib.Path):
    with path.open(newline="") as fh:
        for row in csv.DictReader(fh):
            yield Line(row["sku"], row["name"], float(row["on_hand"]), float(row["par"]))


def round_up(qty: float, case: int) -> int:
    return int(-(-qty // case)) * case if case > 1 else int(-(-qty // 1))


async def build(stock_file, out_file, refresh, timeout):
    loop = asyncio.get_running_loop()
    prices = await loop.run_in_executor(None, fetch_prices, PRICE_LIST, refresh, timeout)
    catalogue = {p["sku"]: p for p in prices.get("items", [])}
    rows, total = [], 0.0
    for line in read_stock(stock_file):
        if not line.shortfall:
            continue
        item = catalogue.get(line.sku, {})
        qty = round_up(line.shortfall, int(item.get("case_size", 1)))
        cost = qty * float(item.get("unit_price", 0))
        total += cost
        rows.append({"sku": line.sku, "name": line.name, "order": qty, "cost": f"{cost:.2f}"})
    with out_file.open("w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=["sku", "name", "order", "cost"])
        w.writeheader()
        w.writerows(rows)
    return len(rows), total


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("stock", type=pathlib.Path, nargs="?", default=pathlib.Path("stocktake.csv"))
    ap.add_argument("-o", "--out", type=pathlib.Path, default=pathlib.Path("reorder.csv"))
    ap.add_argument("--refresh", action="store_true")
    ap.add_argument("--timeout", type=float, default=20)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    n, total = asyncio.run(build(args.stock, args.out, args.refresh, args.timeout))
    log.info("%d lines to reorder, estimated %.2f", n, total)


if __name__ == "__main__":
    main()
