#!/usr/bin/env python3
"""Fetch flour and butter prices from the suppliers' public price feeds.

Used by the purchasing team on Monday mornings to compare per-kilo prices
across mills before placing the week's order. Responses are cached locally
so re-running the comparison doesn't hammer the suppliers.
"""
import argparse
import hashlib
import json
import logging
import time
from pathlib import Path

import requests

log = logging.getLogger("prices")

SUPPLIERS = {
    "northmill": "https://prices.example.com/northmill/v1/catalogue",
    "valleyflour": "https://api.example.net/valley/prices",
    "dairycoop": "https://dairy.example.com/feeds/butter.json",
}
CACHE_DIR = Path("price_cache")
CACHE_TTL = 6 * 3600


def cache_path(url):
    # MD5 is fine here: it only names cache files
    return CACHE_DIR / (hashlib.md5(url.encode()).hexdigest() + ".json")


def get_json(url, session, timeout=15, use_cache=True):
    path = cache_path(url)
    if use_cache and path.exists() and time.time() - path.stat().st_mtime < CACHE_TTL:
        return json.loads(path.read_text())
    resp = session.get(url, timeout=timeout, headers={"Accept": "application/json"})
    resp.raise_for_status()
    data = resp.json()
    CACHE_DIR.mkdir(exist_ok=True)
    path.write_text(json.dumps(data))
    return data


def prune_cache(max_age=7 * 86400):
    if not CACHE_DIR.exists():
        return 0
    removed = 0
    for f in CACHE_DIR.glob("*.json"):
        if time.time() - f.stat().st_mtime > max_age:
            f.unlink()
            removed += 1
    return removed


def normalise(supplier, data):
    """Each supplier formats its feed differently; reduce to price per kg."""
    out = []
    for item in data.get("items", data.get("products", [])):
        name = item.get("name") or item.get("description", "?")
        price = float(item.get("price", item.get("unit_price", 0)))
        kg = float(item.get("pack_kg", item.get("weight_kg", 1)) or 1)
        out.append({"supplier": supplier, "product": name, "per_kg": round(price / kg, 3)})
    return out


def compare(rows, keyword):
    hits = [r for r in rows if keyword.lower() in r["product"].lower()]
    return sorted(hits, key=lambda r: r["per_kg"])


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("keyword", nargs="?", default="flour")
    ap.add_argument("--no-cache", action="store_true")
    ap.add_argument("--out", default="price_comparison.json")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    removed = prune_cache()
    if removed:
        log.info("pruned %d stale cache files", removed)

    rows = []
    with requests.Session() as session:
        for supplier, url in SUPPLIERS.items():
            try:
                data = get_json(url, session, use_cache=not args.no_cache)
                rows.extend(normalise(supplier, data))
            except (requests.RequestException, ValueError) as exc:
                log.warning("%s feed unavailable: %s", supplier, exc)

    ranked = compare(rows, args.keyword)
    Path(args.out).write_text(json.dumps(ranked, indent=2))
    for r in ranked[:10]:
        print(f"{r['per_kg']:8.3f}/kg  {r['supplier']:<12} {r['product']}")
    if not ranked:
        log.info("no products matched %r", args.keyword)


if __name__ == "__main__":
    main()
