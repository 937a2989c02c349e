#!/usr/bin/env python3
"""Build the costume inventory catalogue.

Reads the wardrobe inventory CSV plus the photo folder and produces a single
self-contained JSON catalogue (photos embedded as base64) that the tablet app
in the wardrobe loads offline. Supplier prices are refreshed from the
supplier's public price list.
"""
import argparse
import base64
import csv
import json
import logging
import shutil
import urllib.request
from pathlib import Path

log = logging.getLogger("catalog_build")

HERE = Path(__file__).resolve().parent
BUILD_DIR = HERE / "build"
CACHE_DIR = HERE / ".catalog_cache"
PRICE_URL = "https://supplies.example.com/pricelist.json"


def clean():
    # remove our own build output and cache from earlier runs
    for d in (BUILD_DIR, CACHE_DIR):
        if d.exists():
            shutil.rmtree(d)
            log.info("removed %s", d.relative_to(HERE))


def fetch_prices(timeout):
    cached = CACHE_DIR / "prices.json"
    try:
        with urllib.request.urlopen(PRICE_URL, timeout=timeout) as resp:
            data = json.load(resp)
        CACHE_DIR.mkdir(exist_ok=True)
        cached.write_text(json.dumps(data))
        return data
    except (OSError, ValueError) as exc:
        log.warning("price list unavailable (%s), using cache", exc)
        if cached.exists():
            return json.loads(cached.read_text())
        return {}


def embed_photo(photo_dir, item_id):
    for ext in (".jpg", ".jpeg", ".png"):
        p = photo_dir / f"{item_id}{ext}"
        if p.exists():
            mime = "image/png" if ext == ".png" else "image/jpeg"
            encoded = base64.b64encode(p.read_bytes()).decode("ascii")
            return f"data:{mime};base64,{encoded}"
    return None


class Catalog:
    def __init__(self, prices):
        self.prices = prices
        self.items = []
        self.missing_photos = 0

    def add(self, row, photo):
        if photo is None:
            self.missing_photos += 1
        self.items.append({
            "id": row["item_id"],
            "production": row.get("production", ""),
            "role": row.get("role", ""),
            "size": row.get("size", ""),
            "fabric": row.get("fabric", ""),
            "location": row.get("rack", ""),
            "replacement_cost": self.prices.get(row.get("fabric", ""), None),
            "photo": photo,
        })

    def write(self, path):
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(path, "w", encoding="utf-8") as fh:
            json.dump({"items": self.items}, fh, indent=1)


def main():
    ap = argparse.ArgumentParser(description="Build the wardrobe catalogue")
    ap.add_argument("inventory", help="inventory CSV")
    ap.add_argument("--photos", default="photos")
    ap.add_argument("--timeout", type=float, default=10.0)
    ap.add_argument("--clean", action="store_true", help="start from scratch")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if args.clean:
        clean()

    catalog = Catalog(fetch_prices(args.timeout))
    photo_dir = Path(args.photos)
    try:
        with open(args.inventory, newline="", encoding="utf-8") as fh:
            for row in csv.DictReader(fh):
                if not row.get("item_id"):
                    continue
                catalog.add(row, embed_photo(photo_dir, row["item_id"]))
    except OSError as exc:
        log.error("cannot read inventory: %s", exc)
        return 1

    out = BUILD_DIR / "catalog.json"
    catalog.write(out)
    log.info("%d items, %d without photos -> %s",
             len(catalog.items), catalog.missing_photos, out.relative_to(HERE))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
