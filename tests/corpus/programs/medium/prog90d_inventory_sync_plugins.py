#!/usr/bin/env python3
"""Keep Etsy stock counts in line with the Shopify store.

Shopify is the source of truth for on-hand quantities.  For every Etsy
listing that carries a SKU, the matching Shopify variant is looked up and
the Etsy offering quantity is updated when it differs.

SKU naming differs between the two shops (bundles, colourway suffixes...),
so the mapping is done by a small rules module the seller maintains next
to the config: it must define ``map_sku(etsy_sku) -> list[(shopify_sku, qty)]``.

Config (sync.ini):

    [shopify]
    store = knotty-yarns
    [etsy]
    shop_id = 31415926
    [rules]
    path = sku_rules.py
"""
import argparse
import configparser
import logging
import os
import sys
from pathlib import Path

import requests

log = logging.getLogger("inventory-sync")
SHOPIFY_API_VERSION = "2024-04"
ETSY_BASE = "https://openapi.etsy.com/v3/application"


def load_rules(path):
    """Load the seller's SKU mapping rules and return map_sku()."""
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
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    cfg = configparser.ConfigParser()
    if not cfg.read(args.config):
        log.error("config %s not found", args.config)
        return 2
    rules_path = Path(args.config).parent / cfg.get("rules", "path", fallback="sku_rules.py")
    map_sku = load_rules(rules_path)

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
