#!/usr/bin/env python3
"""Check fabric stock at the wholesaler before confirming a quote.

Looks up each fabric code with the wholesaler's stock API and keeps a
short-lived local cache so repeated checks during a quote are quick.
"""
import argparse
import asyncio
import hashlib
import json
import logging
import os
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("stock-check")

API = os.environ.get("WHOLESALE_API", "https://api.wholesale.example.com/v2")
CACHE = Path(".stock-cache")
TTL = 15 * 60


@dataclass
class StockLevel:
    code: str
    metres: float
    lead_days: int

    @property
    def label(self):
        return "in stock" if self.metres > 0 else f"back-order ({self.lead_days} days)"


def cache_path(url):
    return CACHE / (hashlib.md5(url.encode()).hexdigest() + ".json")


def read_cache(url):
    path = cache_path(url)
    if path.exists() and time.time() - path.stat().st_mtime < TTL:
        return json.loads(path.read_text())
    return None


def write_cache(url, data):
    CACHE.mkdir(exist_ok=True)
    path = cache_path(url)
    path.write_text(json.dumps(data))
    path.chmod(0o600)


def get_json(url, key):
    cached = read_cache(url)
    if cached is not None:
        return cached
    headers = {"Accept": "application/json"}
    if key:
        headers["X-Api-Key"] = key
    req = urllib.request.Request(url, headers=headers)
    with urllib.request.urlopen(req, timeout=10) as resp:
        data = json.load(resp)
    write_cache(url, data)
    return data


async def lookup(code, key):
    url = f"{API}/stock/{urllib.parse.quote(code)}"
    data = await asyncio.to_thread(get_json, url, key)
    return StockLevel(code, float(data.get("metres", 0)), int(data.get("lead_days", 0)))


async def check_all(codes, key, need):
    results = await asyncio.gather(*(lookup(c, key) for c in codes), return_exceptions=True)
    short = 0
    for code, res in zip(codes, results):
        if isinstance(res, Exception):
            log.error("%s: lookup failed (%s)", code, res)
            short += 1
            continue
        ok = res.metres >= need
        short += 0 if ok else 1
        print(f"{code:<12} {res.metres:>7.1f} m  {res.label}{'' if ok else '  <- short'}")
    return short


def main(argv=None):
    p = argparse.ArgumentParser(description="Wholesaler stock check")
    p.add_argument("codes", nargs="+", help="fabric codes, e.g. VLV-204 VLV-311")
    p.add_argument("--need", type=float, default=0.0, help="metres required per fabric")
    p.add_argument("--clear-cache", action="store_true")
    p.add_argument("-v", "--verbose", action="store_true")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    if args.clear_cache and CACHE.exists():
        for f in CACHE.glob("*.json"):
            f.unlink()
        log.info("cache cleared")
    key = os.environ.get("WHOLESALE_API_KEY")
    short = asyncio.run(check_all(args.codes, key, args.need))
    return 1 if short else 0


if __name__ == "__main__":
    sys.exit(main())
