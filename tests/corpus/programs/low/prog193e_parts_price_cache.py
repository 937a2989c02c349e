#!/usr/bin/env python3
"""Looks up kart spare-part prices from the supplier catalogue, caching the
answers locally so the workshop can check a parts list offline."""
import argparse
import hashlib
import json
import logging
import os
import time
import urllib.parse
import urllib.request
from functools import wraps
from pathlib import Path

log = logging.getLogger("parts-cache")

CACHE = Path(os.environ.get("PARTS_CACHE", ".parts_cache"))
CATALOGUE = os.environ.get("PARTS_CATALOGUE", "https://catalogue.kartparts.example.com/api/price")


def cache_key(*parts: str) -> str:
    return hashlib.md5("|".join(parts).encode()).hexdigest()


def cached(ttl: int):
    def deco(fn):
        @wraps(fn)
        def wrapper(part_no: str, *args):
            CACHE.mkdir(exist_ok=True)
            entry = CACHE / f"{cache_key(fn.__name__, part_no)}.json"
            if entry.exists() and time.time() - entry.stat().st_mtime < ttl:
                return json.loads(entry.read_text())
            value = fn(part_no, *args)
            entry.write_text(json.dumps(value))
            os.chmod(entry, 0o600)
            return value
        return wrapper
    return deco


@cached(ttl=24 * 3600)
def price(part_no: str) -> dict:
    url = f"{CATALOGUE}?{urllib.parse.urlencode({'part': part_no})}"
    with urllib.request.urlopen(url, timeout=10) as resp:
        return json.load(resp)


def purge(max_age: int) -> int:
    removed = 0
    if not CACHE.is_dir():
        return 0
    for entry in CACHE.glob("*.json"):
        if time.time() - entry.stat().st_mtime > max_age:
            entry.unlink()
            removed += 1
    return removed


def read_parts(path: Path):
    for line in path.read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            part, _, qty = line.partition(",")
            yield part.strip(), int(qty or 1)


def quote(path: Path):
    total = 0.0
    for part, qty in read_parts(path):
        try:
            info = price(part)
        except OSError as exc:
            log.warning("%s: lookup failed (%s)", part, exc)
            continue
        line = info.get("unit_price", 0.0) * qty
        total += line
        print(f"{part:<14} x{qty:<3} {info.get('description', '?'):<32} {line:9.2f}")
    print(f"{'total':<52} {total:9.2f}")


def main():
    parser = argparse.ArgumentParser(description="Kart parts price lookup")
    parser.add_argument("parts_list", type=Path, nargs="?")
    parser.add_argument("--purge-days", type=int)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.purge_days is not None:
        log.info("purged %d cache entries", purge(args.purge_days * 86400))
    if args.parts_list:
        quote(args.parts_list)


if __name__ == "__main__":
    main()
