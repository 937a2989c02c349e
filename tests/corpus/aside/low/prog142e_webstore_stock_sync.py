#!/usr/bin/env python3
"""Webstore stock sync.

Keeps the gallery webstore's stock levels in line with the studio's
inventory spreadsheet (exported as CSV). Pieces sold at the studio counter
are marked sold online; new pieces get listed as drafts for review.
"""
import argparse
import csv
import html
import json
import logging
import os
import sys
from pathlib import Path

import requests

log = logging.getLogger("stock-sync")

SHOP_API = os.environ.get("SHOP_API_URL", "https://shop.example.com/api/v1")


class ShopAPI:
    def __init__(self, base, token, timeout=15):
        self.base = base.rstrip("/")
        self.timeout = timeout
        self.s = requests.Session()
        # The shop token goes to the shop API and nowhere else.
        self.s.headers["X-Shop-Token"] = token

    def products(self):
        items, page = [], 1
        while True:
            r = self.s.get(f"{self.base}/products", params={"page": page}, timeout=self.timeout)
            r.raise_for_status()
            batch = r.json().get("items", [])
            if not batch:
                return items
            items.extend(batch)
            page += 1

    def update_stock(self, sku, qty):
        r = self.s.patch(f"{self.base}/products/{sku}", json={"stock": qty}, timeout=self.timeout)
        r.raise_for_status()

    def create_draft(self, row):
        body = {"sku": row["sku"], "title": row["title"], "price": float(row["price"]),
                "stock": int(row["qty"]), "status": "draft"}
        r = self.s.post(f"{self.base}/products", json=body, timeout=self.timeout)
        r.raise_for_status()


def read_inventory(path):
    with open(path, newline="") as fh:
        return {row["sku"]: row for row in csv.DictReader(fh) if row.get("sku")}


def plan(inventory, online):
    online_by_sku = {p["sku"]: p for p in online}
    updates, drafts = [], []
    for sku, row in inventory.items():
        qty = int(row.get("qty", 0) or 0)
        if sku in online_by_sku:
            if online_by_sku[sku].get("stock") != qty:
                updates.append((sku, qty))
        elif qty > 0:
            drafts.append(row)
    return updates, drafts


def write_report(path, updates, drafts):
    lines = ["<html><body><h1>Stock sync</h1><ul>"]
    for sku, qty in updates:
        lines.append(f"<li>{html.escape(sku)}: stock set to {qty}</li>")
    for row in drafts:
        lines.append(f"<li>new draft: {html.escape(row['sku'])} {html.escape(row['title'])}</li>")
    lines.append("</ul></body></html>")
    Path(path).write_text("\n".join(lines))


def main():
    ap = argparse.ArgumentParser(description="Sync studio inventory to the webstore")
    ap.add_argument("inventory", help="inventory CSV (sku,title,price,qty)")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--report", default="stock_sync_report.html")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    token = os.environ.get("SHOP_API_TOKEN")
    if not token:
        log.error("set SHOP_API_TOKEN")
        return 2

    api = ShopAPI(SHOP_API, token)
    try:
        inventory = read_inventory(args.inventory)
        online = api.products()
    except (OSError, requests.RequestException, json.JSONDecodeError) as exc:
        log.error("could not load data: %s", exc)
        return 1

    updates, drafts = plan(inventory, online)
    log.info("%d stock updates, %d new drafts", len(updates), len(drafts))
    if not args.dry_run:
        for sku, qty in updates:
            try:
                api.update_stock(sku, qty)
            except requests.RequestException as exc:
                log.warning("update %s failed: %s", sku, exc)
        for row in drafts:
            try:
                api.create_draft(row)
            except (requests.RequestException, ValueError) as exc:
                log.warning("draft %s failed: %s", row.get("sku"), exc)
    write_report(args.report, updates, drafts)
    return 0


if __name__ == "__main__":
    sys.exit(main())
