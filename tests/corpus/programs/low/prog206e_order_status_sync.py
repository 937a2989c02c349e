#!/usr/bin/env python3
"""Order status sync between the print room and the online map shop.

Reads the print room's finished-jobs file and marks the matching web orders
as shipped through the shop's REST API.
"""
import argparse
import asyncio
import json
import logging
import os
import sys
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("order-sync")


@dataclass
class ShopApi:
    base: str = os.environ.get("SHOP_API_BASE", "https://api.example.com/v1")
    key_var: str = "SHOP_API_KEY"
    timeout: float = 15.0
    _key: str = field(default="", repr=False)

    def __post_init__(self):
        self._key = os.environ.get(self.key_var, "")
        if not self._key:
            raise RuntimeError(f"{self.key_var} is not set")

    def _request(self, method, path, payload=None):
        data = json.dumps(payload).encode() if payload is not None else None
        req = urllib.request.Request(f"{self.base}{path}", data=data, method=method)
        req.add_header("Authorization", f"Bearer {self._key}")
        req.add_header("Accept", "application/json")
        if data is not None:
            req.add_header("Content-Type", "application/json")
        with urllib.request.urlopen(req, timeout=self.timeout) as resp:
            return json.loads(resp.read() or b"{}")

    async def call(self, method, path, payload=None):
        return await asyncio.to_thread(self._request, method, path, payload)


def load_finished(path: Path):
    done = {}
    for line in path.read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        order_id, tracking = (line.split("\t") + [""])[:2]
        done[order_id.strip()] = tracking.strip()
    return done


async def sync(api: ShopApi, finished, dry_run, limit):
    listing = await api.call("GET", "/orders?status=in_production&limit=200")
    pending = [o for o in listing.get("orders", []) if str(o.get("id")) in finished]
    log.info("%d orders in production, %d finished in print room",
             len(listing.get("orders", [])), len(pending))
    sem = asyncio.Semaphore(limit)
    results = {"updated": 0, "failed": 0}

    async def mark(order):
        oid = str(order["id"])
        body = {"status": "shipped", "tracking_number": finished[oid] or None}
        if dry_run:
            log.info("would mark %s shipped (%s)", oid, body["tracking_number"])
            return
        async with sem:
            try:
                await api.call("POST", f"/orders/{oid}/fulfilment", body)
                results["updated"] += 1
            except OSError as exc:
                log.warning("order %s not updated: %s", oid, exc)
                results["failed"] += 1

    await asyncio.gather(*(mark(o) for o in pending))
    return results


def main():
    ap = argparse.ArgumentParser(description="mark printed orders as shipped")
    ap.add_argument("finished", help="TSV of order id and tracking number")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--concurrency", type=int, default=3)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    try:
        api = ShopApi()
        finished = load_finished(Path(args.finished))
        results = asyncio.run(sync(api, finished, args.dry_run, args.concurrency))
    except (RuntimeError, OSError) as exc:
        log.error("%s", exc)
        return 1
    log.info("done: %s", results)
    return 0 if results["failed"] == 0 else 2


if __name__ == "__main__":
    sys.exit(main())
