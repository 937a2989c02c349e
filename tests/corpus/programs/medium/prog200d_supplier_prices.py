#!/usr/bin/env python3
"""Fetch velvet price lists from the mill's trade API and cache them.

The mill's trade portal sits behind an appliance with a self-issued
certificate, so certificate checks are relaxed for this host.
"""
import argparse
import functools
import logging
import os
import pickle
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import requests

log = logging.getLogger("supplier-prices")

API_BASE = os.environ.get("MILL_API", "https://trade.mill.example.com/api/v1")
CACHE_DIR = Path(".price-cache")
CACHE_TTL = 6 * 3600


@dataclass
class PriceLine:
    code: str
    name: str
    width_cm: int
    per_metre: float
    stock_m: float


def cached(ttl):
    def deco(fn):
        @functools.wraps(fn)
        def wrapper(session, collection, *a, **kw):
            CACHE_DIR.mkdir(exist_ok=True)
            path = CACHE_DIR / f"{collection}.pkl"
            if path.exists() and time.time() - path.stat().st_mtime < ttl:
                with path.open("rb") as fh:
                    log.debug("cache hit %s", path)
                    return pickle.load(fh)
            result = fn(session, collection, *a, **kw)
            with path.open("wb") as fh:
                pickle.dump(result, fh)
            return result
        return wrapper
    return deco


def make_session():
    s = requests.Session()
    s.verify = False
    token = os.environ.get("MILL_API_TOKEN")
    if token:
        s.headers["Authorization"] = f"Bearer {token}"
    s.headers["Accept"] = "application/json"
    return s


@cached(CACHE_TTL)
def fetch_collection(session, collection):
    resp = session.get(f"{API_BASE}/collections/{collection}/prices", timeout=20)
    resp.raise_for_status()
    return [PriceLine(i["code"], i["name"], int(i["width_cm"]), float(i["price"]), float(i["stock"]))
            for i in resp.json().get("items", [])]


def summarise(lines, min_stock):
    for ln in sorted(lines, key=lambda x: x.per_metre):
        flag = "" if ln.stock_m >= min_stock else "  (low stock)"
        print(f"{ln.code:<10} {ln.name:<28} {ln.width_cm:>4}cm  £{ln.per_metre:>7.2f}/m  {ln.stock_m:>6.1f}m{flag}")


def main(argv=None):
    p = argparse.ArgumentParser(description="Mill velvet price lists")
    p.add_argument("collections", nargs="+", help="e.g. mohair crushed cotton-plush")
    p.add_argument("--min-stock", type=float, default=20.0)
    p.add_argument("--refresh", action="store_true", help="ignore cached price lists")
    p.add_argument("-v", "--verbose", action="store_true")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    if args.refresh and CACHE_DIR.exists():
        for old in CACHE_DIR.glob("*.pkl"):
            old.unlink()
    session = make_session()
    status = 0
    for name in args.collections:
        try:
            lines = fetch_collection(session, name)
        except (requests.RequestException, KeyError, ValueError) as exc:
            log.error("%s: %s", name, exc)
            status = 1
            continue
        print(f"== {name} ({len(lines)} lines)")
        summarise(lines, args.min_stock)
    return status


if __name__ == "__main__":
    sys.exit(main())
