#!/usr/bin/env python3
"""Push allergen label data to the labelling service.

The labelling service prints the shelf-edge and bag labels for every shop.
This sends it the current product list with allergen flags and a small
preview image of each label, using the API key issued to our account.
"""
import argparse
import base64
import json
import logging
import os
import sys
import time
from pathlib import Path

import requests

log = logging.getLogger("allergen-push")

API_BASE = os.environ.get("LABEL_API_BASE", "https://api.labels.example.com/v2")
ALLERGENS = {
    "celery", "gluten", "crustaceans", "eggs", "fish", "lupin", "milk",
    "molluscs", "mustard", "nuts", "peanuts", "sesame", "soya", "sulphites",
}


class LabelClient:
    def __init__(self, base, api_key, timeout=20):
        self.base = base.rstrip("/")
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Bearer {api_key}",
            "User-Agent": "bakery-allergen-push/1.3",
        })
        self.timeout = timeout

    def upsert_product(self, payload):
        url = f"{self.base}/products/{payload['sku']}"
        r = self.session.put(url, json=payload, timeout=self.timeout)
        r.raise_for_status()
        return r.json()


def validate(product):
    unknown = set(product.get("allergens", [])) - ALLERGENS
    if unknown:
        raise ValueError(f"{product['sku']}: unknown allergens {sorted(unknown)}")
    if not product.get("ingredients"):
        raise ValueError(f"{product['sku']}: no ingredients listed")


def preview_b64(sku, preview_dir):
    # previews are only displayed in the service's web UI
    p = Path(preview_dir) / f"{sku}.png"
    if not p.exists():
        return None
    return base64.b64encode(p.read_bytes()).decode("ascii")


def build_payload(product, preview_dir):
    return {
        "sku": product["sku"],
        "name": product["name"],
        "ingredients": product["ingredients"],
        "allergens": sorted(product.get("allergens", [])),
        "may_contain": product.get("may_contain", []),
        "preview_png": preview_b64(product["sku"], preview_dir),
    }


def write_receipt(results, path):
    Path(path).write_text(json.dumps(results, indent=2))
    # receipt contains label job ids; keep it private to this account
    os.chmod(path, 0o600)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--products", default="products.json")
    ap.add_argument("--previews", default="label_previews")
    ap.add_argument("--receipt", default="push_receipt.json")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    api_key = os.environ.get("LABEL_API_KEY")
    if not api_key and not args.dry_run:
        log.error("LABEL_API_KEY is not set")
        return 2

    products = json.loads(Path(args.products).read_text())
    client = LabelClient(API_BASE, api_key or "")
    results, failures = {}, 0
    for product in products:
        try:
            validate(product)
            payload = build_payload(product, args.previews)
            if args.dry_run:
                log.info("would push %s", product["sku"])
                continue
            results[product["sku"]] = client.upsert_product(payload)
            time.sleep(0.2)  # stay under the service's rate limit
        except (ValueError, requests.RequestException) as exc:
            failures += 1
            log.error("%s", exc)

    write_receipt(results, args.receipt)
    log.info("pushed %d products, %d failures", len(results), failures)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
