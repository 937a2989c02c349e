#!/usr/bin/env python3
"""Push wholesale orders from the office spreadsheet export to the shop API.

The sales team exports confirmed wholesale orders to CSV; this uploads any
order the shop does not have yet so fulfilment can pick it.
"""
import argparse
import asyncio
import csv
import importlib
import json
import logging
import os
from dataclasses import dataclass, asdict, field
from pathlib import Path

log = logging.getLogger("order_push")

API_BASE = os.environ.get("SHOP_API_BASE", "https://api.shop.example.com/v2")
SENT_LOG = Path("pushed_orders.txt")


@dataclass
class Order:
    order_id: str
    account: str
    lines: list = field(default_factory=list)

    def total_bottles(self):
        return sum(l["qty"] for l in self.lines)


def read_export(path):
    orders = {}
    with open(path, newline="", encoding="utf-8") as fh:
        for rec in csv.DictReader(fh):
            oid = rec["order_id"].strip()
            o = orders.setdefault(oid, Order(oid, rec["account"].strip()))
            o.lines.append({"sku": rec["sku"].strip(), "qty": int(rec["qty"])})
    return list(orders.values())


def client(api_key):
    web = importlib.import_module("urllib.request")
    headers = {"Authorization": f"Bearer {api_key}", "Content-Type": "application/json"}

    def call(method, path, payload=None):
        data = json.dumps(payload).encode() if payload is not None else None
        req = web.Request(f"{API_BASE}{path}", data=data, method=method, headers=headers)
        with web.urlopen(req, timeout=20) as resp:
            return resp.status, json.loads(resp.read() or b"{}")
    return call


def already_sent():
    if not SENT_LOG.exists():
        return set()
    return set(SENT_LOG.read_text().split())


async def push(orders, call, dry_run):
    loop = asyncio.get_running_loop()
    sent = already_sent()
    pushed = []
    for order in orders:
        if order.order_id in sent:
            continue
        if dry_run:
            log.info("would push %s (%d bottles)", order.order_id, order.total_bottles())
            continue
        status, body = await loop.run_in_executor(None, call, "POST", "/orders", asdict(order))
        log.info("%s -> %s %s", order.order_id, status, body.get("id", ""))
        pushed.append(order.order_id)
    if pushed:
        with SENT_LOG.open("a") as fh:
            fh.write("\n".join(pushed) + "\n")
    return pushed


def main():
    parser = argparse.ArgumentParser(description="Upload wholesale orders to the shop")
    parser.add_argument("export", type=Path, nargs="?", default=Path("wholesale_orders.csv"))
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    api_key = os.environ.get("SHOP_API_KEY")
    if not api_key and not args.dry_run:
        log.error("SHOP_API_KEY is not set")
        return 2
    orders = read_export(args.export)
    pushed = asyncio.run(push(orders, client(api_key or ""), args.dry_run))
    log.info("%d of %d orders pushed", len(pushed), len(orders))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
