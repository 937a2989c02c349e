#!/usr/bin/env python3
"""Scrape trade prices for plaster, adhesive and tiles from supplier sites.

Each supplier has its own page layout, so each gets a small parser below;
when a supplier changes its site, update its pattern here. Results are
cached for a few hours and written to prices.csv for the job costing sheet.

    prog114e_supplier_price_cache.py --products products.txt
"""
import argparse
import csv
import logging
import pickle
import re
import sys
import time
import urllib.request
from pathlib import Path

LOG = logging.getLogger("pricecache")
CACHE_FILE = Path(".price_cache.pkl")
CACHE_TTL = 4 * 3600
UA = "Mozilla/5.0 (X11; Linux x86_64) PriceCheck/2.1"

SUPPLIERS = {
    "buildbase": "https://www.buildbase.example/search?q={sku}",
    "toppstiles": "https://www.topps-trade.example/p/{sku}",
    "wickes": "https://www.wickes.example/product/{sku}",
}


def fetch(url, timeout=20):
    req = urllib.request.Request(url, headers={"User-Agent": UA})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        charset = resp.headers.get_content_charset() or "utf-8"
        return resp.read().decode(charset, "replace")


class RegexAdapter:
    def __init__(self, pattern):
        self.rx = re.compile(pattern, re.S)

    def parse_price(self, html):
        m = self.rx.search(html)
        if not m:
            raise ValueError("price not found on page")
        return float(m.group(1).replace(",", ""))


class AdapterRegistry:
    """Per-supplier parsers, keyed by supplier name."""

    patterns = {
        "buildbase": r'data-price-trade="([\d.,]+)"',
        "toppstiles": r'<span class="price__value">\s*&pound;([\d.,]+)',
        "wickes": r'"price":\s*"([\d.,]+)"',
    }

    def __init__(self):
        self._mods = {}

    def get(self, supplier):
        if supplier not in self._mods:
            self._mods[supplier] = RegexAdapter(self.patterns[supplier])
        return self._mods[supplier]


def load_cache():
    try:
        with CACHE_FILE.open("rb") as fh:
            return pickle.load(fh)
    except (OSError, EOFError, pickle.UnpicklingError):
        return {}


def save_cache(cache):
    with CACHE_FILE.open("wb") as fh:
        pickle.dump(cache, fh)


def price_for(registry, cache, supplier, sku):
    key = (supplier, sku)
    hit = cache.get(key)
    if hit and time.time() - hit["at"] < CACHE_TTL:
        return hit["price"]
    html = fetch(SUPPLIERS[supplier].format(sku=sku))
    price = registry.get(supplier).parse_price(html)
    cache[key] = {"price": price, "at": time.time()}
    return price


def read_products(path):
    for line in Path(path).read_text().splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            supplier, sku, desc = (line.split("|") + ["", ""])[:3]
            yield supplier.strip(), sku.strip(), desc.strip()


def main():
    ap = argparse.ArgumentParser(description="Supplier price scraper")
    ap.add_argument("--products", default="products.txt")
    ap.add_argument("--out", default="prices.csv")
    ap.add_argument("--clear-cache", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if args.clear_cache and CACHE_FILE.exists():
        CACHE_FILE.unlink()

    registry = AdapterRegistry()
    cache = load_cache()
    rows = []
    for supplier, sku, desc in read_products(args.products):
        if supplier not in SUPPLIERS:
            LOG.warning("unknown supplier %r, skipping %s", supplier, sku)
            continue
        try:
            price = price_for(registry, cache, supplier, sku)
        except Exception as exc:  # one bad page shouldn't stop the run
            LOG.error("%s %s: %s", supplier, sku, exc)
            continue
        rows.append({"supplier": supplier, "sku": sku, "description": desc, "price_gbp": price})
        LOG.info("%-10s %-14s %8s  %s", supplier, sku, price, desc)

    save_cache(cache)
    with open(args.out, "w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=["supplier", "sku", "description", "price_gbp"])
        w.writeheader()
        w.writerows(rows)
    LOG.info("wrote %d prices to %s", len(rows), args.out)
    return 0 if rows else 1


if __name__ == "__main__":
    sys.exit(main())
