#!/usr/bin/env python3
"""Build the chandlery shelf price list from supplier catalogue feeds.

Fetches each supplier's public catalogue JSON, caches responses under
.cache/ keyed by URL, applies the shop markup and writes build/pricelist.csv.
`clean` removes the tool's own cache and build output from the project
folder.
"""

import argparse
import csv
import hashlib
import json
import logging
import os
import shutil
import time
from pathlib import Path

import requests

log = logging.getLogger("pricelist")

PROJECT = Path.cwd()
CACHE_DIR = PROJECT / ".cache"
BUILD_DIR = PROJECT / "build"
SETTINGS = PROJECT / "pricelist_settings.json"
CACHE_TTL = 6 * 3600

DEFAULT_SETTINGS = {
    "markup": 0.32,
    "suppliers": {
        "ropes": "https://catalogue.rigwell.example/feed.json",
        "antifoul": "https://trade.hullcoat.example/products.json",
    },
}


def load_settings():
    if not SETTINGS.exists():
        SETTINGS.write_text(json.dumps(DEFAULT_SETTINGS, indent=2))
        os.chmod(SETTINGS, 0o600)
    return json.loads(SETTINGS.read_text())


def cache_path(url):
    key = hashlib.md5(url.encode("utf-8")).hexdigest()
    return CACHE_DIR / f"{key}.json"


def fetch_catalogue(url, refresh=False):
    path = cache_path(url)
    if not refresh and path.exists() and time.time() - path.stat().st_mtime < CACHE_TTL:
        return json.loads(path.read_text())
    r = requests.get(url, timeout=20)
    r.raise_for_status()
    data = r.json()
    CACHE_DIR.mkdir(exist_ok=True)
    path.write_text(json.dumps(data))
    return data


def shelf_price(trade, markup):
    price = trade * (1 + markup)
    return round(int(price) + 0.99 if price % 1 > 0.5 else int(price) + 0.49, 2)


def build(settings, refresh):
    BUILD_DIR.mkdir(exist_ok=True)
    out = BUILD_DIR / "pricelist.csv"
    rows = 0
    with out.open("w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["supplier", "sku", "description", "trade", "shelf"])
        for name, url in sorted(settings["suppliers"].items()):
            try:
                items = fetch_catalogue(url, refresh).get("items", [])
            except (requests.RequestException, ValueError) as exc:
                log.warning("%s catalogue unavailable: %s", name, exc)
                continue
            for item in items:
                trade = float(item["trade_price"])
                w.writerow([name, item["sku"], item.get("description", ""),
                            f"{trade:.2f}", f"{shelf_price(trade, settings['markup']):.2f}"])
                rows += 1
    log.info("wrote %d lines to %s", rows, out.relative_to(PROJECT))


def clean():
    for target in (CACHE_DIR, BUILD_DIR):
        resolved = target.resolve()
        if resolved.parent != PROJECT.resolve():
            log.error("refusing to remove %s outside the project", resolved)
            continue
        if resolved.is_dir():
            shutil.rmtree(resolved)
            log.info("removed %s/", target.name)
    for pyc in PROJECT.glob("__pycache__"):
        shutil.rmtree(pyc, ignore_errors=True)


def main():
    ap = argparse.ArgumentParser(description="Chandlery price list builder")
    ap.add_argument("command", choices=["build", "clean"], nargs="?", default="build")
    ap.add_argument("--refresh", action="store_true", help="ignore cached catalogues")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if args.command == "clean":
        clean()
    else:
        build(load_settings(), args.refresh)


if __name__ == "__main__":
    main()
