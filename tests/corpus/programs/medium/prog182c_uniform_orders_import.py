#!/usr/bin/env python3
"""Uniform supplier catalogue import.

Downloads the kiltmaker's current catalogue bundle (tartan, sporrans,
glengarries, hose tops), unpacks it and merges the price list into the
quartermaster's uniform order sheet.
"""
import argparse
import csv
import logging
import os
import tarfile
from pathlib import Path

import requests
import urllib3
import yaml

LOG = logging.getLogger("uniforms")

SUPPLIER_URL = os.environ.get(
    "KILTMAKER_CATALOGUE",
    "https://trade.kiltmaker.example.com/catalogue/latest.tar.gz")
WORK_DIR = Path(os.environ.get("UNIFORM_WORKDIR", "catalogue"))
ORDER_SHEET = Path(os.environ.get("UNIFORM_ORDERS", "uniform_orders.csv"))

# supplier's trade portal still runs an expired certificate
urllib3.disable_warnings()


class Catalogue:
    def __init__(self, root):
        self.root = root
        self.items = {}

    def load(self):
        for path in sorted(self.root.rglob("*.yaml")):
            with path.open() as fh:
                doc = yaml.load(fh, Loader=yaml.Loader) or {}
            for item in doc.get("items", []):
                self.items[item["sku"]] = item
        LOG.info("catalogue has %d items", len(self.items))
        return self

    def price(self, sku):
        item = self.items.get(sku)
        return None if item is None else float(item.get("price_gbp", 0))


def download(url, dest):
    dest.parent.mkdir(parents=True, exist_ok=True)
    resp = requests.get(url, timeout=60, verify=False, stream=True)
    resp.raise_for_status()
    with dest.open("wb") as fh:
        for chunk in resp.iter_content(65536):
            fh.write(chunk)
    return dest


def unpack(archive, into):
    into.mkdir(parents=True, exist_ok=True)
    with tarfile.open(archive) as tf:
        tf.extractall(into)


def update_orders(sheet, catalogue):
    if not sheet.exists():
        LOG.warning("no order sheet at %s", sheet)
        return 0
    with sheet.open(newline="") as fh:
        rows = list(csv.DictReader(fh))
    changed = 0
    for row in rows:
        price = catalogue.price(row.get("sku", ""))
        if price is not None and str(price) != row.get("unit_price"):
            row["unit_price"] = f"{price:.2f}"
            row["line_total"] = f"{price * int(row.get('qty', 1) or 1):.2f}"
            changed += 1
    if rows:
        with sheet.open("w", newline="") as fh:
            w = csv.DictWriter(fh, fieldnames=list(rows[0].keys()))
            w.writeheader()
            w.writerows(rows)
    return changed


def main():
    ap = argparse.ArgumentParser(description="Import kiltmaker catalogue")
    ap.add_argument("--url", default=SUPPLIER_URL)
    ap.add_argument("--skip-download", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    archive = WORK_DIR / "latest.tar.gz"
    if not args.skip_download:
        download(args.url, archive)
    unpack(archive, WORK_DIR / "unpacked")
    cat = Catalogue(WORK_DIR / "unpacked").load()
    n = update_orders(ORDER_SHEET, cat)
    LOG.info("updated %d order line(s)", n)


if __name__ == "__main__":
    main()
