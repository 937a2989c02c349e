#!/usr/bin/env python3
"""Distributor pick list builder.

Pulls open wholesale orders from the distributor portal, writes one CSV per
route for the warehouse pick list and clears the local response cache
afterwards.
"""
import argparse
import csv
import hashlib
import json
import logging
import os
import sys
import urllib.error
import urllib.request
from collections import defaultdict
from datetime import date
from pathlib import Path

LOG = logging.getLogger("picklist")

PORTAL = os.environ.get("DIST_PORTAL_URL", "https://portal.threeriversdist.example.com/api")
CACHE_DIR = Path(".dist_cache")
OUT_DIR = Path("picklists")


def cache_key(url):
    return hashlib.md5(url.encode()).hexdigest()


def fetch_orders(since, token):
    url = f"{PORTAL}/orders?status=open&since={since}"
    cached = CACHE_DIR / f"{cache_key(url)}.json"
    if cached.exists():
        LOG.info("using cached response %s", cached.name)
        return json.loads(cached.read_text()).get("orders", [])
    req = urllib.request.Request(url, headers={"Authorization": f"Token {token}",
                                               "Accept": "application/json"})
    with urllib.request.urlopen(req, timeout=30) as resp:
        data = json.load(resp)
    CACHE_DIR.mkdir(exist_ok=True)
    cached.write_text(json.dumps(data, indent=1))
    return data.get("orders", [])


def group_by_route(orders):
    routes = defaultdict(list)
    for order in orders:
        for line in order.get("lines", []):
            routes[order.get("route", "unassigned")].append({
                "order": order["id"],
                "account": order.get("account_name", ""),
                "sku": line["sku"],
                "package": line.get("package", "1/2bbl"),
                "qty": line["qty"],
            })
    return routes


def write_picklists(routes):
    OUT_DIR.mkdir(exist_ok=True)
    written = []
    for route, rows in routes.items():
        path = OUT_DIR / f"{date.today():%Y%m%d}_{route}.csv"
        with path.open("w", newline="") as fh:
            w = csv.DictWriter(fh, fieldnames=["order", "account", "sku", "package", "qty"])
            w.writeheader()
            w.writerows(sorted(rows, key=lambda r: (r["account"], r["sku"])))
        written.append(path)
    return written


def clear_cache():
    removed = 0
    for path in CACHE_DIR.glob("*.json"):
        try:
            path.unlink()
            removed += 1
        except OSError as exc:
            LOG.debug("skip %s: %s", path, exc)
    LOG.debug("removed %d cached responses", removed)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--since", default=str(date.today()))
    ap.add_argument("--keep-cache", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    token = os.environ.get("DIST_PORTAL_TOKEN")
    if not token:
        LOG.error("DIST_PORTAL_TOKEN not set")
        return 2
    try:
        orders = fetch_orders(args.since, token)
    except (urllib.error.URLError, ValueError) as exc:
        LOG.error("portal fetch failed: %s", exc)
        return 1

    files = write_picklists(group_by_route(orders))
    LOG.info("%d orders -> %d pick lists", len(orders), len(files))
    if not args.keep_cache:
        clear_cache()
    return 0


if __name__ == "__main__":
    sys.exit(main())
