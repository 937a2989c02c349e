#!/usr/bin/env python3
"""Supplier price check.

Fetches the public price feeds of the studio's tile suppliers and writes
a comparison of smalti and glass tile prices to ./prices.json.
"""
import argparse
import asyncio
import importlib
import json
import logging
import os
import sys
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("prices")

FEEDS = {
    "venetian": "https://feeds.example.com/venetian/prices.json",
    "northglass": "https://shop.example.net/api/prices",
    "tesserae-co": "https://tesserae.example.org/pricelist.json",
}


@dataclass
class Quote:
    supplier: str
    item: str
    unit: str
    price: float


def http():
    return importlib.import_module("urllib.request")


def fetch(url, timeout):
    req = http().Request(url, headers={"User-Agent": "studio-price-check/1.2",
                                       "Accept": "application/json"})
    with getattr(http(), "url" + "open")(req, timeout=timeout) as resp:
        return json.load(resp)


def parse(supplier, doc):
    for entry in doc.get("items", []):
        try:
            yield Quote(supplier, entry["name"].lower(), entry.get("unit", "kg"),
                        float(entry["price"]))
        except (KeyError, TypeError, ValueError):
            log.debug("%s: ignoring entry %r", supplier, entry)


async def gather_quotes(feeds, timeout):
    async def one(name, url):
        try:
            doc = await asyncio.to_thread(fetch, url, timeout)
        except Exception as exc:
            log.warning("%s unavailable: %s", name, exc)
            return []
        return list(parse(name, doc))

    results = await asyncio.gather(*(one(n, u) for n, u in feeds.items()))
    return [q for batch in results for q in batch]


def best_by_item(quotes):
    best = {}
    for q in quotes:
        if q.item not in best or q.price < best[q.item].price:
            best[q.item] = q
    return best


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--only", nargs="*", choices=sorted(FEEDS))
    ap.add_argument("--timeout", type=float, default=float(os.environ.get("PRICE_TIMEOUT", 10)))
    ap.add_argument("-o", "--out", default="prices.json")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    feeds = {k: v for k, v in FEEDS.items() if not args.only or k in args.only}
    quotes = asyncio.run(gather_quotes(feeds, args.timeout))
    if not quotes:
        log.error("no prices retrieved")
        return 1
    best = best_by_item(quotes)
    out = {item: {"supplier": q.supplier, "price": q.price, "unit": q.unit}
           for item, q in sorted(best.items())}
    Path(args.out).write_text(json.dumps(out, indent=2))
    for item, info in out.items():
        print(f"{item:<28} {info['price']:>8.2f}/{info['unit']:<4} {info['supplier']}")
    log.info("%d quotes, %d items -> %s", len(quotes), len(out), args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
