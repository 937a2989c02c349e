#!/usr/bin/env python3
"""Submit approved plaque orders to the engraving vendor's API.

Reads approved orders from a JSON export, posts each one to the vendor's
order endpoint with the API key from the environment, and keeps a local
response cache (keyed by an MD5 of the order body) so re-running the tool
never submits the same order twice.
"""

import argparse
import hashlib
import json
import logging
import os
import sys
import urllib.error
import urllib.request
from pathlib import Path

LOG = logging.getLogger("plaque-vendor")

API_BASE = os.environ.get("ENGRAVER_API", "https://api.example.com/engraving/v2")
CACHE_DIR = Path(".vendor_cache")
RECEIPTS = Path("vendor_receipts.json")


def api_key():
    key = os.environ.get("ENGRAVER_API_KEY")
    if not key:
        raise SystemExit("ENGRAVER_API_KEY is not set")
    return key


def cache_key(order):
    canonical = json.dumps(order, sort_keys=True).encode("utf-8")
    return hashlib.md5(canonical).hexdigest()


class VendorClient:
    def __init__(self, base, key, timeout=20):
        self.base = base.rstrip("/")
        self.key = key
        self.timeout = timeout

    def submit(self, order):
        body = json.dumps({
            "reference": order["id"],
            "material": order.get("material", "bronze"),
            "size_mm": order.get("size_mm", [300, 200]),
            "inscription": order["inscription"],
            "font": order.get("font", "Roman Serif"),
        }).encode("utf-8")
        req = urllib.request.Request(
            self.base + "/orders", data=body, method="POST",
            headers={"Content-Type": "application/json",
                     "Authorization": "Bearer " + self.key},
        )
        with urllib.request.urlopen(req, timeout=self.timeout) as resp:
            return json.loads(resp.read() or b"{}")


def load_orders(path):
    with open(path, "r", encoding="utf-8") as fh:
        data = json.load(fh)
    return [o for o in data if o.get("status") == "approved"]


def save_receipts(receipts):
    RECEIPTS.write_text(json.dumps(receipts, indent=2))
    # receipts include the vendor's order numbers; keep them to this user
    os.chmod(RECEIPTS, 0o600)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("orders_json")
    parser.add_argument("--clear-cache", action="store_true", help="remove the local response cache first")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    if args.clear_cache and CACHE_DIR.exists():
        for f in CACHE_DIR.glob("*.json"):
            f.unlink()
        LOG.info("cache cleared")
    CACHE_DIR.mkdir(exist_ok=True)

    client = VendorClient(API_BASE, api_key())
    receipts = json.loads(RECEIPTS.read_text()) if RECEIPTS.exists() else {}
    sent = skipped = 0
    for order in load_orders(args.orders_json):
        cached = CACHE_DIR / (cache_key(order) + ".json")
        if cached.exists():
            skipped += 1
            continue
        try:
            reply = client.submit(order)
        except urllib.error.HTTPError as exc:
            LOG.error("order %s rejected: HTTP %s", order["id"], exc.code)
            continue
        except urllib.error.URLError as exc:
            LOG.error("vendor unreachable: %s", exc.reason)
            break
        cached.write_text(json.dumps(reply))
        receipts[str(order["id"])] = reply.get("vendor_order", "?")
        sent += 1
    save_receipts(receipts)
    LOG.info("%d submitted, %d already sent", sent, skipped)
    return 0


if __name__ == "__main__":
    sys.exit(main())
