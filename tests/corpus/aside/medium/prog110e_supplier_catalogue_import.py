#!/usr/bin/env python3
"""Import a glassware supplier's catalogue drop into our product master.

Suppliers publish a tar.gz "catalogue drop" containing items/*.json (one per
product family) and images/. We fetch it, unpack it under ./catalogue_drops/,
normalise the families into our SKU layout and write products_<supplier>.csv.
Parsed families are cached between runs so re-imports of an unchanged drop
are instant.
"""
import argparse
import csv
import hashlib
import json
import logging
import pickle
import shutil
import sys
import tarfile
import urllib.request
from pathlib import Path

log = logging.getLogger("catalogue_import")

SUPPLIERS = {
    "borofab": "https://trade.borofab.example/catalogue/latest.tar.gz",
    "kilnworks": "https://partners.kilnworks.example/feeds/catalogue.tgz",
}
WORK = Path("catalogue_drops")


def fetch_drop(supplier, url):
    WORK.mkdir(exist_ok=True)
    dest = WORK / f"{supplier}.tar.gz"
    req = urllib.request.Request(url, headers={"User-Agent": "catalogue-import/1.7"})
    with urllib.request.urlopen(req, timeout=60) as resp, open(dest, "wb") as fh:
        shutil.copyfileobj(resp, fh)
    log.info("downloaded %s (%d bytes)", dest, dest.stat().st_size)
    return dest


def digest(path):
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(65536), b""):
            h.update(block)
    return h.hexdigest()


def unpack(archive, supplier):
    target = WORK / supplier
    if target.exists():
        shutil.rmtree(target)
    target.mkdir(parents=True)
    with tarfile.open(archive, "r:*") as tar:
        tar.extractall(path=target)
    return target


class FamilyCache:
    def __init__(self, supplier):
        self.path = WORK / f".{supplier}.cache"

    def load(self, key):
        if not self.path.exists():
            return None
        with open(self.path, "rb") as fh:
            cached = pickle.load(fh)
        return cached["families"] if cached.get("key") == key else None

    def store(self, key, families):
        with open(self.path, "wb") as fh:
            pickle.dump({"key": key, "families": families}, fh)


def parse_families(root):
    for item in sorted(root.glob("**/items/*.json")):
        family = json.loads(item.read_text(encoding="utf-8"))
        for variant in family.get("variants", []):
            yield {
                "supplier_code": variant["code"],
                "family": family["name"],
                "material": family.get("material", "borosilicate 3.3"),
                "capacity_ml": variant.get("capacity_ml"),
                "joint": variant.get("joint", ""),
                "pack_qty": variant.get("pack_qty", 1),
                "list_price": variant.get("price"),
            }


def write_products(supplier, rows):
    out = Path(f"products_{supplier}.csv")
    fields = ["sku", "supplier_code", "family", "material", "capacity_ml",
              "joint", "pack_qty", "list_price"]
    with out.open("w", newline="", encoding="utf-8") as fh:
        w = csv.DictWriter(fh, fieldnames=fields)
        w.writeheader()
        for row in rows:
            row["sku"] = f"{supplier[:3].upper()}-{row['supplier_code']}"
            w.writerow(row)
    log.info("wrote %d products to %s", len(rows), out)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("supplier", choices=sorted(SUPPLIERS))
    ap.add_argument("--archive", help="use a local drop instead of downloading")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        archive = Path(args.archive) if args.archive else fetch_drop(args.supplier, SUPPLIERS[args.supplier])
    except OSError as exc:
        log.error("could not fetch catalogue: %s", exc)
        return 1

    key = digest(archive)
    cache = FamilyCache(args.supplier)
    rows = cache.load(key)
    if rows is None:
        root = unpack(archive, args.supplier)
        rows = list(parse_families(root))
        cache.store(key, rows)
    else:
        log.info("catalogue unchanged, using cached parse")
    write_products(args.supplier, rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
