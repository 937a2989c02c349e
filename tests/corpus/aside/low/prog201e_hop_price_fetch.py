#!/usr/bin/env python3
"""Fetch current hop prices from the supplier API.

Looks up each hop variety listed in hops.txt, caches responses for a few
hours in ./.hop_cache and prints a price table per kilogram.
"""
import argparse
import hashlib
import json
import logging
import os
import sys
import time
import urllib.parse
import urllib.request
from pathlib import Path

LOG = logging.getLogger("hopprice")

API = {
    "base": "https://api.example.com/v2/hops",
    "key_env": "HOP_SUPPLIER_KEY",
    "timeout": 15,
}


class Cache:
    def __init__(self, folder, ttl):
        self.folder = Path(folder)
        self.folder.mkdir(exist_ok=True)
        self.ttl = ttl

    def _path(self, url):
        return self.folder / (hashlib.md5(url.encode()).hexdigest() + ".json")

    def get(self, url):
        path = self._path(url)
        if path.exists() and time.time() - path.stat().st_mtime < self.ttl:
            return json.loads(path.read_text())
        return None

    def put(self, url, data):
        path = self._path(url)
        path.write_text(json.dumps(data))
        os.chmod(path, 0o600)


class Supplier:
    def __init__(self, key, cache):
        self.key = key
        self.cache = cache

    def price(self, variety):
        url = f"{API['base']}?{urllib.parse.urlencode({'variety': variety})}"
        cached = self.cache.get(url)
        if cached is not None:
            return cached
        req = urllib.request.Request(url, headers={"Authorization": f"Bearer {self.key}",
                                                   "Accept": "application/json"})
        with urllib.request.urlopen(req, timeout=API["timeout"]) as resp:
            data = json.load(resp)
        self.cache.put(url, data)
        return data


def read_varieties(path):
    return [l.strip() for l in Path(path).read_text().splitlines()
            if l.strip() and not l.startswith("#")]


def main(argv=None):
    p = argparse.ArgumentParser(description="hop price lookup")
    p.add_argument("--list", default="hops.txt")
    p.add_argument("--ttl", type=int, default=6 * 3600, help="cache seconds")
    p.add_argument("--currency", default="EUR")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    key = os.environ.get(API["key_env"])
    if not key:
        LOG.error("set %s first", API["key_env"])
        return 2
    try:
        varieties = read_varieties(args.list)
    except OSError as exc:
        LOG.error("cannot read %s: %s", args.list, exc)
        return 1

    supplier = Supplier(key, Cache(".hop_cache", args.ttl))
    failures = 0
    for variety in varieties:
        try:
            data = supplier.price(variety)
            price = data.get("prices", {}).get(args.currency)
            crop = data.get("crop_year", "?")
            print(f"{variety:<16} {crop:>6}  {price if price is not None else 'n/a':>8} {args.currency}/kg")
        except (OSError, ValueError) as exc:
            LOG.warning("%s: %s", variety, exc)
            failures += 1
    return 1 if failures == len(varieties) else 0


if __name__ == "__main__":
    sys.exit(main())
