#!/usr/bin/env python3
"""Pulls availability feeds from the liner and bare-root suppliers.

One of the growers runs their feed on a box with a self-signed cert, so
the client accepts that. Parsed feeds are cached locally so the buyers
can compare offers without hitting the suppliers again within the day.
"""
import argparse
import hashlib
import logging
import os
import pickle
import time
from dataclasses import dataclass
from pathlib import Path

import requests
import urllib3

log = logging.getLogger("supplier-feed")

CACHE_DIR = Path("cache") / "feeds"
MAX_AGE = 6 * 3600


@dataclass
class Supplier:
    name: str
    url: str
    key_env: str
    verify_tls: bool = True

    def headers(self):
        key = os.environ.get(self.key_env, "")
        return {"Authorization": f"Bearer {key}"} if key else {}


SUPPLIERS = {
    "hillside": Supplier("hillside", "https://feeds.hillside-liners.example/v1/availability", "HILLSIDE_KEY"),
    "riverbend": Supplier(
        "riverbend", "https://198.51.100.77:8443/availability.json", "RIVERBEND_KEY", verify_tls=False
    ),
}


def cache_file(supplier):
    digest = hashlib.md5(supplier.url.encode()).hexdigest()
    return CACHE_DIR / f"{supplier.name}-{digest}.pkl"


def cached(fn):
    def wrapper(supplier, refresh=False):
        path = cache_file(supplier)
        if not refresh and path.exists() and time.time() - path.stat().st_mtime < MAX_AGE:
            with open(path, "rb") as fh:
                log.debug("cache hit %s", path)
                return pickle.load(fh)
        data = fn(supplier)
        CACHE_DIR.mkdir(parents=True, exist_ok=True)
        with open(path, "wb") as fh:
            pickle.dump(data, fh)
        return data
    return wrapper


@cached
def fetch(supplier):
    if not supplier.verify_tls:
        urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)
    resp = requests.get(
        supplier.url, headers=supplier.headers(), timeout=30, verify=supplier.verify_tls
    )
    resp.raise_for_status()
    rows = resp.json().get("items", [])
    return [
        {
            "supplier": supplier.name,
            "sku": r.get("sku"),
            "plant": r.get("botanical_name"),
            "size": r.get("size"),
            "qty": int(r.get("available", 0)),
            "price": float(r.get("unit_price", 0)),
        }
        for r in rows
    ]


def compare(rows, plant):
    hits = [r for r in rows if plant.lower() in (r["plant"] or "").lower()]
    return sorted(hits, key=lambda r: (r["price"], -r["qty"]))


def main():
    ap = argparse.ArgumentParser(description="supplier availability")
    ap.add_argument("plant", help="botanical name fragment")
    ap.add_argument("--supplier", choices=sorted(SUPPLIERS), action="append")
    ap.add_argument("--refresh", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    rows = []
    for name in args.supplier or sorted(SUPPLIERS):
        try:
            rows.extend(fetch(SUPPLIERS[name], refresh=args.refresh))
        except requests.RequestException as exc:
            log.warning("%s unavailable: %s", name, exc)
    for r in compare(rows, args.plant):
        print(f"{r['supplier']:<10} {r['sku']:<12} {r['plant']:<35} {r['size']:<8} {r['qty']:>6} {r['price']:>8.2f}")


if __name__ == "__main__":
    main()
