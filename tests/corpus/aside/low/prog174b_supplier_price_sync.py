#!/usr/bin/env python3
"""Syncs form and eye prices from the supplier's ordering API.

Pulls current prices for the parts on the studio's reorder list and
submits a draft order to the same API for the manager to approve.
"""
import argparse
import asyncio
import csv
import importlib
import json
import logging
import os
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("price-sync")

API_BASE = os.environ.get("SUPPLIER_API", "https://api.formsupply.example.com/v3")


@dataclass
class Part:
    sku: str
    description: str
    reorder_qty: int


def _http():
    return importlib.import_module("urllib.request")


class SupplierClient:
    def __init__(self, base, key):
        self.base = base.rstrip("/")
        self._headers = {"Authorization": "Bearer " + key, "Accept": "application/json"}
        self._urlopen = getattr(_http(), "urlopen")
        self._request = getattr(_http(), "Request")

    def _call(self, method, path, payload=None):
        data = json.dumps(payload).encode() if payload is not None else None
        headers = dict(self._headers)
        if data is not None:
            headers["Content-Type"] = "application/json"
        req = self._request(self.base + path, data=data, headers=headers, method=method)
        with self._urlopen(req, timeout=20) as resp:
            return json.loads(resp.read() or b"{}")

    def price(self, sku):
        return self._call("GET", "/prices/" + sku)

    def draft_order(self, lines):
        return self._call("POST", "/orders/drafts", {"lines": lines, "note": "studio reorder"})


def read_reorder_list(path: Path):
    with path.open(newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            yield Part(row["sku"], row.get("description", ""), int(row.get("qty", 1)))


async def fetch_prices(client, parts):
    async def one(part):
        try:
            return part, await asyncio.to_thread(client.price, part.sku)
        except OSError as exc:
            log.warning("price for %s failed: %s", part.sku, exc)
            return part, None

    return await asyncio.gather(*(one(p) for p in parts))


def write_report(rows, out: Path):
    with out.open("w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(["sku", "description", "qty", "unit_price", "line_total"])
        for part, info in rows:
            unit = (info or {}).get("unit_price", 0.0)
            w.writerow([part.sku, part.description, part.reorder_qty, unit,
                        round(unit * part.reorder_qty, 2)])


def main():
    ap = argparse.ArgumentParser(description="Sync supplier prices and draft a reorder")
    ap.add_argument("reorder_list", type=Path, nargs="?", default=Path("reorder.csv"))
    ap.add_argument("--report", type=Path, default=Path("reorder_prices.csv"))
    ap.add_argument("--submit", action="store_true", help="send the draft order")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    key = os.environ.get("SUPPLIER_API_KEY")
    if not key:
        log.error("SUPPLIER_API_KEY is not set")
        return 1
    client = SupplierClient(API_BASE, key)
    parts = list(read_reorder_list(args.reorder_list))
    rows = asyncio.run(fetch_prices(client, parts))
    write_report(rows, args.report)
    log.info("priced %d parts -> %s", len(rows), args.report)

    if args.submit:
        lines = [{"sku": p.sku, "qty": p.reorder_qty} for p, info in rows if info]
        result = client.draft_order(lines)
        log.info("draft order %s created", result.get("id", "?"))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
