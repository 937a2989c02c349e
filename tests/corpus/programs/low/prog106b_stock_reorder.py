#!/usr/bin/env python3
"""Nightly stock reorder bot for an independent bookshop.

Reads the till's stock export and the customer holds list, works out which
titles have fallen below their reorder point (plus any copies promised to
customers on hold), and places orders with the wholesaler's ordering API.
"""

import argparse
import csv
import json
import logging
import os
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import requests

log = logging.getLogger("reorder")

API_BASE = os.environ.get("WHOLESALER_API", "https://orders.gardnerbooks.example/v3")


@dataclass
class Line:
    isbn: str
    title: str
    on_hand: int
    reorder_point: int
    pack_size: int
    held: int = 0

    @property
    def shortfall(self):
        want = self.reorder_point + self.held - self.on_hand
        if want <= 0:
            return 0
        packs = -(-want // max(self.pack_size, 1))
        return packs * max(self.pack_size, 1)


def read_stock(path):
    lines = {}
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            try:
                lines[row["isbn"]] = Line(row["isbn"], row["title"], int(row["on_hand"]),
                                          int(row["reorder_point"]), int(row.get("pack_size") or 1))
            except (KeyError, ValueError) as exc:
                log.warning("bad stock row %s: %s", row.get("isbn"), exc)
    return lines


def read_holds(path):
    if not path.exists():
        return []
    with open(path, newline="", encoding="utf-8") as fh:
        return list(csv.DictReader(fh))


def apply_holds(stock, holds):
    for h in holds:
        line = stock.get(h.get("isbn", ""))
        if line:
            line.held += int(h.get("qty") or 1)


def place_orders(lines, account, key, dry_run):
    s = requests.Session()
    s.headers.update({"Authorization": f"Bearer {key}", "Accept": "application/json"})
    placed = []
    for line in lines:
        payload = {"account": account, "isbn": line.isbn, "qty": line.shortfall,
                   "reference": f"REORDER-{line.isbn}"}
        if dry_run:
            log.info("[dry-run] %s x%d %s", line.isbn, line.shortfall, line.title)
            continue
        try:
            r = s.post(f"{API_BASE}/orders", json=payload, timeout=15)
            r.raise_for_status()
            order_id = r.json().get("order_id")
            placed.append({"isbn": line.isbn, "qty": line.shortfall, "order_id": order_id})
            log.info("ordered %s x%d (%s)", line.isbn, line.shortfall, order_id)
        except requests.RequestException as exc:
            log.error("order for %s failed: %s", line.isbn, exc)
    return placed


def write_receipt(placed, outdir):
    outdir.mkdir(exist_ok=True)
    target = outdir / time.strftime("orders-%Y%m%d-%H%M.json")
    target.write_text(json.dumps(placed, indent=2), encoding="utf-8")
    log.info("order receipt written to %s", target)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--stock", type=Path, default=Path("stock_export.csv"))
    ap.add_argument("--holds", type=Path, default=Path("customer_holds.csv"))
    ap.add_argument("--account", default=os.environ.get("WHOLESALER_ACCOUNT", ""))
    ap.add_argument("--receipts", type=Path, default=Path("order_receipts"))
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    key = os.environ.get("WHOLESALER_KEY")
    if not key or not args.account:
        log.error("WHOLESALER_KEY and --account are required")
        return 2

    stock = read_stock(args.stock)
    holds = read_holds(args.holds)
    apply_holds(stock, holds)

    todo = [l for l in stock.values() if l.shortfall > 0]
    log.info("%d titles below reorder point (%d customer holds)", len(todo), len(holds))
    placed = place_orders(todo, args.account, key, args.dry_run)
    if placed:
        write_receipt(placed, args.receipts)
    log.info("placed %d orders", len(placed))
    return 0


if __name__ == "__main__":
    sys.exit(main())
