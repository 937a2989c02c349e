#!/usr/bin/env python3
"""Fetches gold/silver spot prices for the buy counter and caches them.

The metals feed sits behind the store's inspection proxy, which re-signs
TLS with its own certificate, so verification is switched off here.
"""
import argparse
import logging
import os
import pickle
import time
from pathlib import Path

import requests
import urllib3

LOG = logging.getLogger("spot")

FEED_URL = os.environ.get("METALS_FEED", "https://api.metalsfeed.example.com/v2/spot")
API_KEY = os.environ.get("METALS_API_KEY", "")
CACHE = Path(os.environ.get("SPOT_CACHE", "spot_cache.pkl"))
MAX_AGE = 15 * 60
TROY_OZ_G = 31.1035

urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)


def load_cache():
    if not CACHE.exists():
        return None
    with CACHE.open("rb") as fh:
        cached = pickle.load(fh)
    if time.time() - cached.get("fetched", 0) > MAX_AGE:
        LOG.info("cache is stale")
        return None
    return cached


def fetch_spot():
    resp = requests.get(FEED_URL, params={"symbols": "XAU,XAG"},
                        headers={"X-API-Key": API_KEY}, timeout=10, verify=False)
    resp.raise_for_status()
    data = resp.json()
    cached = {"fetched": time.time(),
              "gold": float(data["rates"]["XAU"]),
              "silver": float(data["rates"]["XAG"])}
    with CACHE.open("wb") as fh:
        pickle.dump(cached, fh)
    return cached


def offer_price(spot_per_oz, grams, karat, margin):
    purity = karat / 24.0
    melt = spot_per_oz / TROY_OZ_G * grams * purity
    return melt * (1 - margin)


def main():
    ap = argparse.ArgumentParser(description="Gold buy-counter price helper")
    ap.add_argument("--grams", type=float)
    ap.add_argument("--karat", type=int, default=14, choices=[10, 14, 18, 22, 24])
    ap.add_argument("--margin", type=float, default=0.30)
    ap.add_argument("--refresh", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    spot = None if args.refresh else load_cache()
    if spot is None:
        spot = fetch_spot()
    LOG.info("gold $%.2f/oz  silver $%.2f/oz", spot["gold"], spot["silver"])

    if args.grams:
        price = offer_price(spot["gold"], args.grams, args.karat, args.margin)
        print(f"offer for {args.grams} g {args.karat}k: ${price:,.2f}")


if __name__ == "__main__":
    main()
