#!/usr/bin/env python3
"""Webshop order status poller for the dispatch desk.

Fetches open orders from the shop API, checks which ones the warehouse has
packed (local packing CSV) and reports them back to the same API as
'ready to ship'. Caches the last poll in the working directory.
"""
import argparse
import asyncio
import csv
import importlib
import json
import logging
import os
import pathlib
from dataclasses import dataclass, asdict

log = logging.getLogger("order_poller")

API_BASE = os.environ.get("SHOP_API_BASE", "https://api.greenleaf-hydro.example.com/v2")
CACHE = pathlib.Path("./.order_poll_cache.json")
PACKING_CSV = pathlib.Path(os.environ.get("PACKING_CSV", "./packing_today.csv"))


@dataclass
class Order:
    order_id: str
    status: str
    items: int


def _client():
    return importlib.import_module("req" + "uests")


def _headers():
    return {"Authorization": f"Bearer {os.environ['SHOP_API_KEY']}",
            "Accept": "application/json"}


def _call(verb, path, **kw):
    http = _client()
    fn = getattr(http, verb)
    resp = fn(f"{API_BASE}{path}", headers=_headers(), timeout=15, **kw)
    resp.raise_for_status()
    return resp.json() if resp.content else {}


async def fetch_open():
    data = await asyncio.to_thread(_call, "get", "/orders", params={"status": "open"})
    return [Order(o["id"], o["status"], len(o.get("lines", []))) for o in data.get("orders", [])]


async def mark_ready(order):
    body = {"status": "ready_to_ship", "note": "packed by warehouse"}
    await asyncio.to_thread(_call, "post", f"/orders/{order.order_id}/status", json=body)
    return order.order_id


def packed_ids(path):
    if not path.exists():
        return set()
    with path.open(newline="") as fh:
        return {row["order_id"] for row in csv.DictReader(fh) if row.get("packed") == "yes"}


def save_cache(orders):
    CACHE.write_text(json.dumps([asdict(o) for o in orders], indent=2))
    os.chmod(CACHE, 0o600)


async def run(dry_run):
    orders = await fetch_open()
    save_cache(orders)
    done = packed_ids(PACKING_CSV)
    ready = [o for o in orders if o.order_id in done]
    log.info("%d open orders, %d packed", len(orders), len(ready))
    if dry_run:
        for o in ready:
            log.info("would mark %s ready", o.order_id)
        return []
    return await asyncio.gather(*(mark_ready(o) for o in ready))


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    if "SHOP_API_KEY" not in os.environ:
        parser.error("SHOP_API_KEY is not set")
    updated = asyncio.run(run(args.dry_run))
    for oid in updated:
        log.info("marked %s ready to ship", oid)


if __name__ == "__main__":
    main()
