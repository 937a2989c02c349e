#!/usr/bin/env python3
"""Supplier catalog import.

Downloads the wholesaler's weekly catalog bundle (a tar.gz of CSV price
lists), unpacks it, caches the parsed prices, and prints a price-change
sheet on the office printer for the Monday planning meeting.
"""
import argparse
import csv
import logging
import os
import pickle
import subprocess
import tarfile
from pathlib import Path

import requests
import urllib3

log = logging.getLogger("catalog")

CATALOG_URL = os.environ.get("CATALOG_URL", "https://wholesale.example.com/catalog/latest.tar.gz")
WORK_DIR = Path("/tmp/catalog_import")
BUNDLE = WORK_DIR / "latest.tar.gz"
CACHE_FILE = Path("catalog_cache.pkl")
PRINTER = os.environ.get("OFFICE_PRINTER", "office")

# the wholesaler's portal uses a self-signed certificate
urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)


def download_bundle(url):
    WORK_DIR.mkdir(exist_ok=True)
    resp = requests.get(url, verify=False, timeout=60, stream=True)
    resp.raise_for_status()
    with BUNDLE.open("wb") as fh:
        for chunk in resp.iter_content(65536):
            fh.write(chunk)
    log.info("downloaded %s (%d bytes)", BUNDLE, BUNDLE.stat().st_size)


def unpack_bundle():
    with tarfile.open(BUNDLE) as tar:
        tar.extractall(WORK_DIR)
    return sorted(WORK_DIR.rglob("*.csv"))


def parse_prices(csv_files):
    prices = {}
    for path in csv_files:
        with path.open(newline="", encoding="utf-8-sig") as fh:
            for row in csv.DictReader(fh):
                try:
                    prices[row["sku"]] = {"name": row["description"], "price": float(row["unit_price"])}
                except (KeyError, ValueError):
                    continue
    return prices


def load_cache():
    if CACHE_FILE.exists():
        with CACHE_FILE.open("rb") as fh:
            return pickle.load(fh)
    return {}


def save_cache(prices):
    with CACHE_FILE.open("wb") as fh:
        pickle.dump(prices, fh)


def diff_prices(old, new, threshold):
    changes = []
    for sku, item in new.items():
        before = old.get(sku, {}).get("price")
        if before and abs(item["price"] - before) / before >= threshold:
            changes.append((sku, item["name"], before, item["price"]))
    return sorted(changes, key=lambda c: abs(c[3] - c[2]) / c[2], reverse=True)


def write_sheet(changes, path):
    with open(path, "w") as fh:
        fh.write("Supplier price changes\n\n")
        for sku, name, before, after in changes:
            pct = (after - before) / before * 100
            fh.write(f"{sku:<10} {name[:30]:<30} {before:>7.2f} -> {after:>7.2f} ({pct:+.0f}%)\n")
    return path


def send_to_printer(path):
    try:
        subprocess.run(["lp", "-d", PRINTER, str(path)], check=True)
    except (OSError, subprocess.CalledProcessError) as exc:
        log.warning("printing failed: %s", exc)


def main():
    parser = argparse.ArgumentParser(description="Import the supplier catalog")
    parser.add_argument("--url", default=CATALOG_URL)
    parser.add_argument("--threshold", type=float, default=0.05)
    parser.add_argument("--no-print", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)

    try:
        download_bundle(args.url)
    except requests.RequestException as exc:
        log.error("download failed: %s", exc)
        return 1
    new = parse_prices(unpack_bundle())
    old = load_cache()
    changes = diff_prices(old, new, args.threshold)
    save_cache(new)
    log.info("%d items, %d notable price changes", len(new), len(changes))

    sheet = write_sheet(changes, "price_changes.txt")
    if changes and not args.no_print:
        send_to_printer(sheet)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
