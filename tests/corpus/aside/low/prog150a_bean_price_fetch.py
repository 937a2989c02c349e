#!/usr/bin/env python3
"""Fetch green coffee offer sheets from importers and cache them locally.

Importers publish their current offer lists as JSON. We pull them once a
day, cache the raw responses under ./.offer_cache (keyed by an MD5 of the
URL) and print a short comparison of price per kg by origin.
"""
import argparse
import hashlib
import json
import logging
import os
import sys
import time
from pathlib import Path

import requests

log = logging.getLogger("offers")

IMPORTERS = {
    "north-green": "https://offers.example.com/northgreen/current.json",
    "sierra-imports": "https://api.example.net/sierra/v2/offers",
    "cooperative-direct": "https://coop.example.net/offers.json",
}
CACHE_DIR = Path(".offer_cache")
MAX_AGE = 20 * 3600


def cache_path(url):
    # MD5 is only a file name here
    return CACHE_DIR / (hashlib.md5(url.encode("utf-8")).hexdigest() + ".json")


def read_cache(url):
    p = cache_path(url)
    if p.exists() and time.time() - p.stat().st_mtime < MAX_AGE:
        with open(p, encoding="utf-8") as fh:
            return json.load(fh)
    return None


def write_cache(url, data):
    CACHE_DIR.mkdir(exist_ok=True)
    p = cache_path(url)
    tmp = p.with_suffix(".part")
    with open(tmp, "w", encoding="utf-8") as fh:
        json.dump(data, fh)
    os.chmod(tmp, 0o600)
    tmp.replace(p)


class OfferClient:
    def __init__(self, timeout=15):
        self.session = requests.Session()
        self.session.headers["User-Agent"] = "roastery-offer-check/1.4"
        self.timeout = timeout

    def is_up(self, url):
        try:
            return self.session.head(url, timeout=self.timeout, allow_redirects=True).ok
        except requests.RequestException:
            return False

    def fetch(self, url, refresh=False):
        if not refresh:
            cached = read_cache(url)
            if cached is not None:
                log.debug("cache hit %s", url)
                return cached
        resp = self.session.get(url, timeout=self.timeout)
        resp.raise_for_status()
        data = resp.json()
        write_cache(url, data)
        return data


def normalise(importer, data):
    for lot in data.get("offers", data if isinstance(data, list) else []):
        try:
            yield {
                "importer": importer,
                "origin": lot.get("origin", "?"),
                "lot": lot.get("lot") or lot.get("id"),
                "process": lot.get("process", ""),
                "price_kg": float(lot["price_per_kg"]),
                "bags": int(lot.get("bags_available", 0)),
            }
        except (KeyError, TypeError, ValueError):
            continue


def report(offers, origin_filter=None):
    rows = [o for o in offers if not origin_filter or o["origin"].lower() == origin_filter.lower()]
    rows.sort(key=lambda o: (o["origin"], o["price_kg"]))
    for o in rows:
        print(f"{o['origin']:<12} {o['importer']:<20} {o['lot']!s:<16} {o['process']:<10} "
              f"{o['price_kg']:>7.2f}/kg  {o['bags']:>4} bags")
    return len(rows)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--origin", help="only show this origin")
    parser.add_argument("--refresh", action="store_true", help="ignore the cache")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    client = OfferClient()
    offers = []
    for name, url in IMPORTERS.items():
        if not args.refresh and read_cache(url) is None and not client.is_up(url):
            log.warning("%s is not answering, skipping", name)
            continue
        try:
            offers.extend(normalise(name, client.fetch(url, refresh=args.refresh)))
        except (requests.RequestException, ValueError) as exc:
            log.error("%s: %s", name, exc)
    shown = report(offers, args.origin)
    log.info("%d offers shown from %d importers", shown, len(IMPORTERS))
    return 0 if offers else 1


if __name__ == "__main__":
    sys.exit(main())
