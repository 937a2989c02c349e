#!/usr/bin/env python3
"""Import supplier catalogs for decks, trucks and wheels.

Suppliers send their seasonal catalogs as YAML.  This merges them into the
shop's product list and keeps a parsed cache so repeated runs during the
week are quick.
"""

import argparse
import hashlib
import json
import logging
import pickle
import sys
from pathlib import Path

import yaml

log = logging.getLogger("catalog-import")

CACHE_DIR = Path("/tmp/skateshop_catalog_cache")
OUTPUT = Path("products.json")

CATEGORY_MAP = {
    "deck": "decks",
    "decks": "decks",
    "truck": "trucks",
    "trucks": "trucks",
    "wheel": "wheels",
    "wheels": "wheels",
    "bearing": "bearings",
}


def cache_path(source):
    digest = hashlib.md5(str(source.resolve()).encode()).hexdigest()
    return CACHE_DIR / f"{digest}.pkl"


def load_cached(source):
    path = cache_path(source)
    if not path.exists() or path.stat().st_mtime < source.stat().st_mtime:
        return None
    with path.open("rb") as fh:
        return pickle.load(fh)


def store_cached(source, data):
    CACHE_DIR.mkdir(exist_ok=True)
    with cache_path(source).open("wb") as fh:
        pickle.dump(data, fh)


def parse_catalog(source):
    cached = load_cached(source)
    if cached is not None:
        log.debug("cache hit for %s", source)
        return cached
    with source.open() as fh:
        data = yaml.load(fh, Loader=yaml.Loader)
    store_cached(source, data)
    return data


def normalise(item, supplier):
    category = CATEGORY_MAP.get(str(item.get("type", "")).lower(), "other")
    return {
        "sku": f"{supplier[:3].upper()}-{item['code']}",
        "name": item.get("name", "").strip(),
        "category": category,
        "size": item.get("size"),
        "cost": round(float(item.get("cost", 0)), 2),
        "supplier": supplier,
    }


def merge(products, catalog):
    supplier = catalog.get("supplier", "unknown")
    added = 0
    for item in catalog.get("items", []):
        if "code" not in item:
            continue
        entry = normalise(item, supplier)
        products[entry["sku"]] = entry
        added += 1
    return added


def load_products(path):
    if path.exists():
        return {p["sku"]: p for p in json.loads(path.read_text())}
    return {}


def parse_args():
    parser = argparse.ArgumentParser(description="Import supplier catalogs")
    parser.add_argument("catalogs", nargs="+", type=Path)
    parser.add_argument("--output", type=Path, default=OUTPUT)
    parser.add_argument("-v", "--verbose", action="store_true")
    return parser.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    products = load_products(args.output)
    for source in args.catalogs:
        if not source.exists():
            log.warning("skipping missing %s", source)
            continue
        catalog = parse_catalog(source) or {}
        count = merge(products, catalog)
        log.info("%s: %d items", source.name, count)
    ordered = sorted(products.values(), key=lambda p: (p["category"], p["sku"]))
    args.output.write_text(json.dumps(ordered, indent=2))
    log.info("wrote %d products to %s", len(ordered), args.output)
    return 0


if __name__ == "__main__":
    sys.exit(main())
