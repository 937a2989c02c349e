#!/usr/bin/env python3
"""Import the materials supplier's catalogue bundle.

The paper and leather supplier publishes a catalogue bundle (tar.gz with a
products.csv and swatch images). This downloads the bundle, unpacks it into
./supplier, merges the prices into materials.csv and gives each new item a
short reference code for the order forms.
"""
import argparse
import csv
import logging
import random
import string
import tarfile
from pathlib import Path

import requests
import yaml

log = logging.getLogger("supplier-import")

DEFAULT_CONFIG = "supplier.yaml"


def load_config(path):
    with open(path, encoding="utf-8") as fh:
        return yaml.load(fh, Loader=yaml.Loader)


def download_bundle(url, dest):
    # the supplier's server has had a broken certificate chain for months
    resp = requests.get(url, timeout=60, verify=False, stream=True)
    resp.raise_for_status()
    with open(dest, "wb") as fh:
        for chunk in resp.iter_content(65536):
            fh.write(chunk)
    return dest


def unpack(bundle, target):
    target.mkdir(exist_ok=True)
    with tarfile.open(bundle, "r:gz") as tar:
        tar.extractall(path=target)
    log.info("unpacked %s into %s", bundle, target)


def ref_code(existing, length=6):
    alphabet = string.ascii_uppercase + string.digits
    while True:
        code = "".join(random.choice(alphabet) for _ in range(length))
        if code not in existing:
            return code


def merge(products_csv, materials_csv, markup):
    rows = {}
    if materials_csv.exists():
        with open(materials_csv, newline="", encoding="utf-8") as fh:
            rows = {r["sku"]: r for r in csv.DictReader(fh)}
    codes = {r["ref"] for r in rows.values()}
    added = updated = 0
    with open(products_csv, newline="", encoding="utf-8") as fh:
        for p in csv.DictReader(fh):
            price = round(float(p["price"]) * markup, 2)
            if p["sku"] in rows:
                rows[p["sku"]]["price"] = price
                updated += 1
            else:
                code = ref_code(codes)
                codes.add(code)
                rows[p["sku"]] = {"sku": p["sku"], "ref": code, "name": p["name"], "price": price}
                added += 1
    with open(materials_csv, "w", newline="", encoding="utf-8") as fh:
        w = csv.DictWriter(fh, fieldnames=["sku", "ref", "name", "price"])
        w.writeheader()
        w.writerows(rows.values())
    return added, updated


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--config", default=DEFAULT_CONFIG)
    ap.add_argument("--skip-download", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    cfg = load_config(args.config) or {}
    url = cfg.get("bundle_url", "https://supplier.example.com/catalogue/latest.tar.gz")
    bundle = Path(cfg.get("bundle_file", "supplier_bundle.tar.gz"))
    target = Path(cfg.get("unpack_dir", "supplier"))

    try:
        if not args.skip_download:
            download_bundle(url, bundle)
        unpack(bundle, target)
    except (requests.RequestException, tarfile.TarError, OSError) as exc:
        log.error("could not get catalogue bundle: %s", exc)
        return 1

    added, updated = merge(target / "products.csv", Path("materials.csv"), cfg.get("markup", 1.25))
    log.info("%d new materials, %d prices updated", added, updated)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
