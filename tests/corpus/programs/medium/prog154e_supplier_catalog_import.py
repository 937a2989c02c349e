#!/usr/bin/env python3
"""Supplier catalogue import.

Downloads the chemical supplier's monthly catalogue bundle (prices, pack
sizes and safety data sheet references), unpacks it and refreshes the van
stock price list used by the quoting spreadsheet.
"""
import argparse
import csv
import logging
import os
import shutil
import tarfile
from pathlib import Path

import requests
import urllib3
import yaml

LOG = logging.getLogger("catalog_import")

CATALOG_URL = "https://supplier.example.com/catalogue/{month}.tar.gz"
WORK_AREA = "/tmp/supplier_catalog"
PRICE_LIST = "van_stock_prices.csv"

# the supplier portal uses a certificate our depot proxy does not recognise
urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)


def download(month, dest):
    url = CATALOG_URL.format(month=month)
    LOG.info("downloading %s", url)
    resp = requests.get(url, timeout=60, verify=False, stream=True)
    resp.raise_for_status()
    with open(dest, "wb") as fh:
        for chunk in resp.iter_content(chunk_size=65536):
            fh.write(chunk)
    return dest


def unpack(bundle, area):
    if os.path.isdir(area):
        shutil.rmtree(area)
    os.makedirs(area)
    with tarfile.open(bundle, "r:gz") as tar:
        tar.extractall(area)
    return Path(area)


def read_catalog(folder):
    items = []
    for path in sorted(folder.rglob("*.yaml")):
        with open(path, encoding="utf-8") as fh:
            doc = yaml.load(fh, Loader=yaml.Loader)
        if not isinstance(doc, dict):
            continue
        items.extend(doc.get("products", []))
    return items


class PriceList:
    FIELDS = ["code", "name", "pack_ml", "price", "sds_ref"]

    def __init__(self, path):
        self.path = Path(path)

    def write(self, items):
        kept = 0
        with open(self.path, "w", newline="", encoding="utf-8") as fh:
            writer = csv.DictWriter(fh, fieldnames=self.FIELDS, extrasaction="ignore")
            writer.writeheader()
            for item in items:
                if item.get("discontinued"):
                    continue
                writer.writerow(item)
                kept += 1
        return kept


def main():
    parser = argparse.ArgumentParser(description="Import the supplier catalogue")
    parser.add_argument("month", help="catalogue month, e.g. 2024-05")
    parser.add_argument("--bundle", help="use an already downloaded bundle")
    parser.add_argument("--out", default=PRICE_LIST)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)

    bundle = args.bundle or os.path.join("/tmp", f"catalog_{args.month}.tar.gz")
    try:
        if not args.bundle:
            download(args.month, bundle)
        folder = unpack(bundle, WORK_AREA)
    except (requests.RequestException, tarfile.TarError, OSError) as exc:
        LOG.error("catalogue import failed: %s", exc)
        return 1

    items = read_catalog(folder)
    kept = PriceList(args.out).write(items)
    LOG.info("%d products written to %s", kept, args.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
