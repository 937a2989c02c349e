#!/usr/bin/env python3
"""Import a supplier's seasonal costume catalogue.

Suppliers publish their catalogue as a tarball of CSV + images on their
trade portal.  This script downloads the latest bundle, unpacks it into the
working folder and converts it into our wholesale price list.
"""
import argparse
import csv
import logging
import os
import tarfile
from pathlib import Path

import requests
import urllib3

LOG = logging.getLogger("catalog-import")

SUPPLIERS = {
    "masquerade": "https://trade.masquerade-supply.example.com/catalog/latest.tar.gz",
    "stagewear": "https://portal.stagewear.example.net/export/catalog.tgz",
}
WORK_DIR = Path(os.environ.get("CATALOG_WORK", "catalogs"))
MARKUP = float(os.environ.get("HIRE_MARKUP", "0.35"))

# the supplier portals use self-signed certificates on their trade hosts
urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)


def download(url, dest):
    dest.parent.mkdir(parents=True, exist_ok=True)
    with requests.get(url, stream=True, timeout=60, verify=False) as resp:
        resp.raise_for_status()
        with dest.open("wb") as fh:
            for chunk in resp.iter_content(chunk_size=1 << 16):
                fh.write(chunk)
    LOG.info("downloaded %s (%d bytes)", dest.name, dest.stat().st_size)
    return dest


def unpack(bundle, target):
    target.mkdir(parents=True, exist_ok=True)
    with tarfile.open(bundle, "r:*") as tar:
        tar.extractall(target)
    LOG.info("unpacked into %s", target)


def find_catalog_csv(folder):
    for candidate in sorted(folder.rglob("*.csv")):
        if "catalog" in candidate.name.lower():
            return candidate
    raise SystemExit(f"no catalogue CSV in {folder}")


def convert(src, dest, supplier):
    written = 0
    with src.open(newline="", encoding="utf-8-sig") as fin, \
            dest.open("w", newline="", encoding="utf-8") as fout:
        writer = csv.writer(fout)
        writer.writerow(["supplier", "sku", "description", "size", "cost", "hire_price"])
        for row in csv.DictReader(fin):
            try:
                cost = float(row.get("trade_price") or row.get("cost") or 0)
            except ValueError:
                continue
            writer.writerow([supplier, row.get("sku", "").strip(),
                             row.get("description", "").strip(),
                             row.get("size", "OS"), f"{cost:.2f}",
                             f"{cost * (1 + MARKUP):.2f}"])
            written += 1
    return written


def main():
    parser = argparse.ArgumentParser(description="Import supplier catalogue")
    parser.add_argument("supplier", choices=sorted(SUPPLIERS))
    parser.add_argument("--keep-bundle", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    base = WORK_DIR / args.supplier
    bundle = download(SUPPLIERS[args.supplier], base / "bundle.tar.gz")
    unpack(bundle, base / "unpacked")
    out = base / f"{args.supplier}_pricelist.csv"
    n = convert(find_catalog_csv(base / "unpacked"), out, args.supplier)
    if not args.keep_bundle:
        bundle.unlink()
    print(f"{n} lines written to {out}")


if __name__ == "__main__":
    main()
