#!/usr/bin/env python3
"""Tile catalogue import.

Tile merchants send their range updates as a .tar.gz bundle containing a
products.csv plus swatch images.  This unpacks a bundle (local file or the
merchant's download link) into catalogue/<merchant>/<date>/, reads the
product list and merges it into catalogue/products.json, which the quoting
tool uses for tile prices and pack sizes.

Usage:
    prog121e_tile_catalogue_import.py BUNDLE_OR_URL --merchant topps
"""
import argparse
import csv
import json
import logging
import shutil
import sys
import tarfile
import tempfile
from datetime import date
from pathlib import Path

import requests

log = logging.getLogger("catalogue")

CATALOGUE = Path("catalogue")
MERGED = CATALOGUE / "products.json"
REQUIRED = {"sku", "name", "width_mm", "height_mm", "pack_m2", "price_m2"}


def fetch_bundle(src, workdir):
    if not src.startswith(("http://", "https://")):
        return Path(src)
    target = Path(workdir) / "bundle.tar.gz"
    log.info("downloading %s", src)
    with requests.get(src, stream=True, timeout=60) as resp:
        resp.raise_for_status()
        with target.open("wb") as fh:
            for chunk in resp.iter_content(1 << 16):
                fh.write(chunk)
    return target


def unpack(bundle, dest):
    dest.mkdir(parents=True, exist_ok=True)
    with tarfile.open(bundle, "r:*") as tar:
        names = tar.getnames()
        log.info("%s: %d entries", bundle.name, len(names))
        tar.extractall(dest)
    return dest


def find_products_csv(root):
    hits = sorted(root.rglob("products*.csv"))
    if not hits:
        raise FileNotFoundError("bundle has no products.csv")
    return hits[0]


def read_products(path, merchant):
    products = {}
    with path.open(newline="", encoding="utf-8-sig") as fh:
        reader = csv.DictReader(fh)
        missing = REQUIRED - set(reader.fieldnames or [])
        if missing:
            raise ValueError(f"products.csv missing columns: {', '.join(sorted(missing))}")
        for row in reader:
            try:
                products[f"{merchant}:{row['sku']}"] = {
                    "merchant": merchant,
                    "sku": row["sku"],
                    "name": row["name"].strip(),
                    "size_mm": [int(row["width_mm"]), int(row["height_mm"])],
                    "pack_m2": float(row["pack_m2"]),
                    "price_m2": round(float(row["price_m2"]), 2),
                    "swatch": row.get("image") or None,
                }
            except ValueError as exc:
                log.warning("skipping %s: %s", row.get("sku"), exc)
    return products


def merge(new, merchant):
    current = json.loads(MERGED.read_text()) if MERGED.exists() else {}
    dropped = [k for k, v in current.items() if v["merchant"] == merchant and k not in new]
    for k in dropped:
        del current[k]
    changed = sum(1 for k, v in new.items() if current.get(k, {}).get("price_m2") != v["price_m2"])
    current.update(new)
    tmp = MERGED.with_suffix(".json.new")
    tmp.write_text(json.dumps(current, indent=1, sort_keys=True))
    tmp.replace(MERGED)
    return len(new), changed, len(dropped)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("bundle")
    ap.add_argument("--merchant", required=True)
    ap.add_argument("--keep", type=int, default=3, help="old unpacked bundles to keep")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    merchant = args.merchant.lower().replace(" ", "_")
    dest = CATALOGUE / merchant / date.today().isoformat()
    with tempfile.TemporaryDirectory() as work:
        try:
            bundle = fetch_bundle(args.bundle, work)
            unpack(bundle, dest)
        except (requests.RequestException, tarfile.TarError, OSError) as exc:
            log.error("could not unpack bundle: %s", exc)
            return 1

    try:
        products = read_products(find_products_csv(dest), merchant)
    except (FileNotFoundError, ValueError) as exc:
        log.error("%s", exc)
        return 1

    total, changed, dropped = merge(products, merchant)
    log.info("%s: %d products, %d price changes, %d discontinued", merchant, total, changed, dropped)

    old = sorted(p for p in (CATALOGUE / merchant).iterdir() if p.is_dir())[:-args.keep]
    for p in old:
        shutil.rmtree(p, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
