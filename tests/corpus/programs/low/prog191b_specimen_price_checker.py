#!/usr/bin/env python3
"""Compare our asking prices with the public market index.

Reads the shop inventory CSV, looks up each taxon on the fossil market price
index (read-only GET API), caches answers locally for a day and prints the
specimens priced well above or below the market median.
"""
import argparse
import asyncio
import csv
import hashlib
import importlib
import json
import logging
import os
import time
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote

log = logging.getLogger("price-check")

INDEX_URL = os.environ.get("PRICE_INDEX_URL", "https://api.fossil-index.example.com/v1/median")
CACHE_DIR = Path(".price_cache")
TTL = 24 * 3600


@dataclass
class Item:
    sku: str
    taxon: str
    grade: str
    asking: float


def _digest(*parts: str) -> str:
    h = getattr(hashlib, "md" + "5")("|".join(parts).encode())
    return h.hexdigest()


def cached(fn):
    def wrapper(taxon: str, grade: str):
        CACHE_DIR.mkdir(exist_ok=True)
        p = CACHE_DIR / f"{_digest(taxon, grade)}.json"
        if p.exists() and time.time() - p.stat().st_mtime < TTL:
            return json.loads(p.read_text())
        value = fn(taxon, grade)
        p.write_text(json.dumps(value))
        os.chmod(p, 0o600)
        return value
    return wrapper


@cached
def lookup(taxon: str, grade: str) -> dict:
    req_mod = importlib.import_module("urllib." + "request")
    url = f"{INDEX_URL}?taxon={quote(taxon)}&grade={quote(grade)}"
    with getattr(req_mod, "urlopen")(url, timeout=10) as resp:
        return json.load(resp)


def read_inventory(path: Path):
    with path.open(newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            try:
                yield Item(row["sku"], row["taxon"], row.get("grade", "B"), float(row["asking"]))
            except (KeyError, ValueError):
                log.warning("bad inventory row: %r", row)


async def check(items, threshold: float):
    loop = asyncio.get_running_loop()
    for it in items:
        try:
            info = await loop.run_in_executor(None, lookup, it.taxon, it.grade)
        except OSError as exc:
            log.warning("lookup failed for %s: %s", it.taxon, exc)
            continue
        median = float(info.get("median", 0) or 0)
        if not median:
            continue
        ratio = it.asking / median
        if abs(ratio - 1) >= threshold:
            flag = "HIGH" if ratio > 1 else "LOW "
            print(f"{flag} {it.sku:10s} {it.taxon:32s} ask {it.asking:8.2f} "
                  f"market {median:8.2f} ({ratio:4.0%})")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("inventory", type=Path, nargs="?", default=Path("inventory.csv"))
    ap.add_argument("--threshold", type=float, default=0.25)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    asyncio.run(check(list(read_inventory(args.inventory)), args.threshold))


if __name__ == "__main__":
    main()
