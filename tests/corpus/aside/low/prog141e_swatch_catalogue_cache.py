#!/usr/bin/env python3
"""Fabric swatch catalogue builder.

Downloads swatch images listed in swatches.csv from the mill's public
catalogue, caches them locally (keyed by an MD5 of the URL), and writes a
single catalogue.json with the images embedded as base64 for the
fitting-room tablet, which works offline.
"""
import argparse
import base64
import csv
import hashlib
import json
import logging
import os
import shutil
import tempfile
from pathlib import Path

import requests

log = logging.getLogger("swatches")

CACHE_DIR = Path(".swatch_cache")
OUTPUT = Path("catalogue.json")


def cache_key(url):
    # only used to name cache files
    return hashlib.md5(url.encode("utf-8")).hexdigest()


class SwatchCache:
    def __init__(self, root=CACHE_DIR):
        self.root = root
        self.root.mkdir(exist_ok=True)

    def path_for(self, url):
        return self.root / (cache_key(url) + ".img")

    def get(self, url, timeout=20):
        path = self.path_for(url)
        if path.exists():
            return path.read_bytes()
        resp = requests.get(url, timeout=timeout)
        resp.raise_for_status()
        # write through a temp file in the cache folder, then move into place
        fd, tmp = tempfile.mkstemp(dir=self.root, suffix=".part")
        with os.fdopen(fd, "wb") as fh:
            fh.write(resp.content)
        os.replace(tmp, path)
        return resp.content

    def clear(self):
        shutil.rmtree(self.root, ignore_errors=True)
        log.info("cache %s removed", self.root)


def read_swatches(csv_path):
    with open(csv_path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            if row.get("url", "").startswith("https://"):
                yield row


def build(cache, csv_path):
    entries = []
    for row in read_swatches(csv_path):
        try:
            data = cache.get(row["url"])
        except requests.RequestException as exc:
            log.warning("skip %s: %s", row.get("code"), exc)
            continue
        entries.append({
            "code": row.get("code", ""),
            "cloth": row.get("cloth", ""),
            "weight_gsm": row.get("weight_gsm", ""),
            "price_per_m": row.get("price_per_m", ""),
            "image_b64": base64.b64encode(data).decode("ascii"),
        })
    return entries


def write_catalogue(entries, out):
    fd, tmp = tempfile.mkstemp(dir=out.parent or ".", suffix=".json")
    with os.fdopen(fd, "w", encoding="utf-8") as fh:
        json.dump({"swatches": entries}, fh)
    os.chmod(tmp, 0o600)  # pricing is internal
    os.replace(tmp, out)
    log.info("wrote %d swatches to %s", len(entries), out)


def main():
    ap = argparse.ArgumentParser(description="Build the offline swatch catalogue")
    ap.add_argument("--csv", default="swatches.csv")
    ap.add_argument("--out", default=str(OUTPUT))
    ap.add_argument("--clear-cache", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    cache = SwatchCache()
    if args.clear_cache:
        cache.clear()
        cache = SwatchCache()
    try:
        entries = build(cache, args.csv)
    except FileNotFoundError:
        log.error("%s not found", args.csv)
        raise SystemExit(1)
    write_catalogue(entries, Path(args.out))


if __name__ == "__main__":
    main()
