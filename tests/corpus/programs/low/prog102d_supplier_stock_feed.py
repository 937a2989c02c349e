#!/usr/bin/env python3
"""Supplier stock feed.

Pulls blank-garment stock levels (style / colour / size) from the wholesale
supplier's REST API, writes them to ``stock.csv`` for the storefront importer
and posts a short sync report back to the same API so the supplier's account
team can see which SKUs we are tracking.  Configuration comes from
``sync.ini`` and the ``SUPPLIER_API_KEY`` environment variable.
"""
import argparse
import configparser
import csv
import datetime as dt
import logging
import os
import sys

import requests

log = logging.getLogger("stock-feed")

DEFAULTS = {
    "api_base": "https://api.blankwear-wholesale.example/v2",
    "styles": "BC3001,G500,NL3600",
    "page_size": "200",
}


def read_config(path):
    cp = configparser.ConfigParser()
    cp["sync"] = DEFAULTS
    cp.read(path)
    return cp["sync"]


class SupplierClient:
    def __init__(self, base, key, timeout=20):
        self.base = base.rstrip("/")
        self.s = requests.Session()
        self.s.headers.update({"Authorization": f"Bearer {key}", "Accept": "application/json"})
        self.timeout = timeout

    def inventory(self, style, page_size):
        page = 1
        while True:
            r = self.s.get(f"{self.base}/inventory/{style}",
                           params={"page": page, "per_page": page_size}, timeout=self.timeout)
            r.raise_for_status()
            body = r.json()
            yield from body.get("items", [])
            if not body.get("next_page"):
                break
            page = body["next_page"]

    def post_report(self, payload):
        r = self.s.post(f"{self.base}/partners/sync-report", json=payload, timeout=self.timeout)
        r.raise_for_status()
        return r.status_code


def write_csv(rows, path):
    fields = ["sku", "style", "color", "size", "qty", "warehouse"]
    with open(path, "w", newline="", encoding="utf-8") as fh:
        w = csv.DictWriter(fh, fieldnames=fields, extrasaction="ignore")
        w.writeheader()
        w.writerows(rows)


def send_report(client, rows, errors):
    payload = {
        "generated": dt.datetime.utcnow().isoformat() + "Z",
        "sku_count": len(rows),
        "styles": sorted({r["style"] for r in rows}),
        "errors": errors,
    }
    try:
        log.info("sync report accepted (%s)", client.post_report(payload))
    except requests.RequestException as exc:
        log.warning("sync report not sent: %s", exc)


def main():
    ap = argparse.ArgumentParser(description="sync supplier stock levels")
    ap.add_argument("-c", "--config", default="sync.ini")
    ap.add_argument("-o", "--output", default="stock.csv")
    ap.add_argument("--no-report", dest="report", action="store_false")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    cfg = read_config(args.config)
    key = os.environ.get("SUPPLIER_API_KEY")
    if not key:
        log.error("SUPPLIER_API_KEY is not set")
        return 2

    client = SupplierClient(cfg["api_base"], key)
    rows, errors = [], []
    for style in [s.strip() for s in cfg["styles"].split(",") if s.strip()]:
        try:
            for item in client.inventory(style, int(cfg["page_size"])):
                rows.append({
                    "sku": item["sku"], "style": style, "color": item.get("color_name"),
                    "size": item.get("size"), "qty": item.get("qty", 0),
                    "warehouse": item.get("warehouse", "main"),
                })
        except requests.RequestException as exc:
            log.error("style %s failed: %s", style, exc)
            errors.append({"style": style, "error": str(exc)})

    write_csv(rows, args.output)
    log.info("wrote %d rows to %s", len(rows), args.output)
    if args.report:
        send_report(client, rows, errors)
    return 1 if errors and not rows else 0


if __name__ == "__main__":
    sys.exit(main())
