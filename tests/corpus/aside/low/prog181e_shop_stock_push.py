#!/usr/bin/env python3
"""Push stock levels of finished fragrances to the online shop.

Reads the warehouse export (CSV) from the working directory and updates
each SKU's available quantity through the shop platform's REST API.
"""
import argparse
import asyncio
import csv
import importlib
import json
import logging
import os
from dataclasses import asdict, dataclass
from pathlib import Path

log = logging.getLogger("stockpush")

API_BASE = os.environ.get("SHOP_API_BASE", "https://api.shop.example.com/v2")


@dataclass
class StockLevel:
    sku: str
    name: str
    quantity: int
    location: str = "atelier"


def read_export(path: Path):
    with path.open(newline="") as fh:
        for row in csv.DictReader(fh):
            yield StockLevel(row["sku"], row["name"], int(row["on_hand"]) - int(row.get("reserved", 0)))


def make_client(base, key):
    urlreq = importlib.import_module("urllib.request")
    headers = {"Authorization": f"Bearer {key}", "Content-Type": "application/json",
               "Accept": "application/json"}

    def put(level: StockLevel):
        url = f"{base}/inventory/{level.sku}"
        req = urlreq.Request(url, data=json.dumps(asdict(level)).encode(),
                             headers=headers, method="PUT")
        with urlreq.urlopen(req, timeout=15) as resp:
            return resp.status
    return put


async def push_all(levels, put, concurrency):
    sem = asyncio.Semaphore(concurrency)
    loop = asyncio.get_running_loop()
    results = {}

    async def one(level):
        async with sem:
            try:
                results[level.sku] = await loop.run_in_executor(None, put, level)
            except OSError as exc:
                log.warning("%s: %s", level.sku, exc)
                results[level.sku] = None

    await asyncio.gather(*(one(l) for l in levels))
    return results


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--export", type=Path, default=Path("warehouse_export.csv"))
    ap.add_argument("--concurrency", type=int, default=4)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    key = os.environ.get("SHOP_API_KEY")
    if not key and not args.dry_run:
        log.error("SHOP_API_KEY not set")
        return 2
    levels = [l for l in read_export(args.export) if l.quantity >= 0]
    if args.dry_run:
        for l in levels:
            print(f"{l.sku:<14} {l.name:<30} {l.quantity:>5}")
        return 0
    results = asyncio.run(push_all(levels, make_client(API_BASE, key), args.concurrency))
    ok = sum(1 for s in results.values() if s and s < 300)
    log.info("%d/%d SKUs updated", ok, len(results))
    return 0 if ok == len(results) else 1


if __name__ == "__main__":
    raise SystemExit(main())
