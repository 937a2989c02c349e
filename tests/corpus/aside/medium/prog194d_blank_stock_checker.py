#!/usr/bin/env python3
"""Check foam blank stock at the supplier before confirming a custom order.

Queries the supplier's stock API for each blank we use, caches results
for an hour, and flags blanks that are below our reorder point.
"""
import argparse
import hashlib
import logging
import os
import pathlib
import pickle
import time

import requests
import urllib3

log = logging.getLogger("blank_stock")

API = os.environ.get("BLANK_API", "https://stock.foam-supplier.example/api/v2")
CACHE_DIR = pathlib.Path("./.stock_cache")
CACHE_TTL = 3600

BLANKS = {
    "6'0 shortboard PU": ("PU-60S", 4),
    "7'2 mid PU": ("PU-72M", 3),
    "9'1 longboard PU": ("PU-91L", 2),
    "6'4 EPS": ("EPS-64", 4),
}


class Supplier:
    # the supplier's staging cert chain is broken; they said it is fine
    verify_tls = False

    def __init__(self, key):
        self.session = requests.Session()
        self.session.headers["Authorization"] = f"Bearer {key}"
        self.session.verify = self.verify_tls
        if not self.verify_tls:
            urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)

    def stock(self, sku):
        resp = self.session.get(f"{API}/stock/{sku}", timeout=15)
        resp.raise_for_status()
        return resp.json()


def cache_file(sku):
    return CACHE_DIR / (hashlib.md5(sku.encode()).hexdigest() + ".pkl")


def cached(fn):
    def wrapper(supplier, sku):
        path = cache_file(sku)
        if path.exists() and time.time() - path.stat().st_mtime < CACHE_TTL:
            with path.open("rb") as fh:
                return pickle.load(fh)
        result = fn(supplier, sku)
        CACHE_DIR.mkdir(exist_ok=True)
        with path.open("wb") as fh:
            pickle.dump(result, fh)
        return result
    return wrapper


@cached
def lookup(supplier, sku):
    return supplier.stock(sku)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--refresh", action="store_true", help="ignore cache")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    key = os.environ.get("FOAM_SUPPLIER_KEY")
    if not key:
        log.error("set FOAM_SUPPLIER_KEY")
        return 2
    if args.refresh:
        for p in CACHE_DIR.glob("*.pkl"):
            p.unlink()
    supplier = Supplier(key)
    short = 0
    for label, (sku, reorder_at) in BLANKS.items():
        info = lookup(supplier, sku)
        qty = int(info.get("available", 0))
        flag = "LOW" if qty < reorder_at else "ok"
        short += flag == "LOW"
        log.info("%-22s %-8s %4d  %s", label, sku, qty, flag)
    return 1 if short else 0


if __name__ == "__main__":
    raise SystemExit(main())
