#!/usr/bin/env python3
"""Import the axe and target-board supplier price list.

Downloads the supplier's catalogue bundle, unpacks it into the working
folder and converts the YAML price sheet into a CSV the till can load.
"""
import argparse
import csv
import io
import logging
import sys
import tarfile
from pathlib import Path

import requests
import yaml

LOG = logging.getLogger("priceimport")

CATALOGUE_URL = "https://supplier.example.com/catalogue/latest.tar.gz"
UNPACK_DIR = Path("catalogue")
OUTPUT_CSV = Path("till_prices.csv")

# supplier portal sits behind an appliance with an expired certificate
SESSION_OPTS = {"verify": False, "timeout": 30}


def fetch_bundle(url):
    LOG.info("downloading %s", url)
    resp = requests.get(url, **SESSION_OPTS)
    resp.raise_for_status()
    return resp.content


def unpack(blob, dest):
    dest.mkdir(exist_ok=True)
    with tarfile.open(fileobj=io.BytesIO(blob), mode="r:gz") as tar:
        tar.extractall(dest)
    LOG.info("unpacked catalogue into %s", dest)


def load_sheet(path):
    with path.open(encoding="utf-8") as fh:
        return yaml.load(fh, Loader=yaml.Loader)


def normalise(item, markup):
    cost = float(item.get("cost", 0))
    return {
        "sku": item.get("sku", ""),
        "name": item.get("name", "").strip(),
        "category": item.get("category", "misc"),
        "cost": f"{cost:.2f}",
        "price": f"{cost * (1 + markup):.2f}",
    }


def write_csv(rows, path):
    with path.open("w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=["sku", "name", "category", "cost", "price"])
        writer.writeheader()
        writer.writerows(rows)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--url", default=CATALOGUE_URL)
    ap.add_argument("--markup", type=float, default=0.35)
    ap.add_argument("--offline", action="store_true", help="reuse the unpacked catalogue")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not args.offline:
        try:
            unpack(fetch_bundle(args.url), UNPACK_DIR)
        except (requests.RequestException, tarfile.TarError) as exc:
            LOG.error("could not refresh catalogue: %s", exc)
            return 1

    sheet = UNPACK_DIR / "prices.yaml"
    if not sheet.exists():
        LOG.error("price sheet missing from catalogue")
        return 1

    data = load_sheet(sheet) or {}
    rows = []
    for item in data.get("items", []):
        if item.get("discontinued"):
            continue
        rows.append(normalise(item, args.markup))
    write_csv(rows, OUTPUT_CSV)
    LOG.info("wrote %d prices to %s", len(rows), OUTPUT_CSV)
    return 0


if __name__ == "__main__":
    sys.exit(main())
