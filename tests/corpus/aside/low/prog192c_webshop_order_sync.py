#!/usr/bin/env python3
"""Pushes counter sales into the web shop so stock levels stay in step.

The till exports each day's sales as JSON into ./exports; this posts any new
ones to the web shop's stock API and remembers what has been sent.
"""
import argparse
import asyncio
import importlib
import json
import logging
import os
from dataclasses import dataclass, field, asdict
from pathlib import Path

log = logging.getLogger("order-sync")

STATE = Path(".order_sync_state.json")


@dataclass
class ApiConfig:
    base: str = field(default_factory=lambda: os.environ.get(
        "SHOP_API_BASE", "https://api.shop.example.com/v2"))
    key: str = field(default_factory=lambda: os.environ.get("SHOP_API_KEY", ""))
    timeout: float = 20.0

    def endpoint(self, name):
        return "{}/{}".format(self.base.rstrip("/"), name)


@dataclass
class Sale:
    receipt: str
    sku: str
    qty: int
    price: float


def _client():
    req = importlib.import_module("urllib.request")
    return getattr(req, "Request"), getattr(req, "urlopen")


def load_state():
    if STATE.exists():
        return set(json.loads(STATE.read_text()))
    return set()


def save_state(sent):
    STATE.write_text(json.dumps(sorted(sent)))
    os.chmod(STATE, 0o600)


def pending_sales(folder, sent):
    for f in sorted(Path(folder).glob("sales_*.json")):
        for rec in json.loads(f.read_text()):
            sale = Sale(rec["receipt"], rec["sku"], int(rec["qty"]), float(rec["price"]))
            if sale.receipt not in sent:
                yield sale


def post_sale(cfg, sale):
    Request, urlopen = _client()
    body = json.dumps({"source": "counter", **asdict(sale)}).encode()
    headers = {"Content-Type": "application/json", "Authorization": "Bearer " + cfg.key}
    r = Request(cfg.endpoint("stock/adjustments"), data=body, headers=headers, method="POST")
    with urlopen(r, timeout=cfg.timeout) as resp:
        return resp.status


async def push_all(cfg, sales, concurrency):
    loop = asyncio.get_running_loop()
    sem = asyncio.Semaphore(concurrency)
    done = []

    async def one(sale):
        async with sem:
            try:
                status = await loop.run_in_executor(None, post_sale, cfg, sale)
            except OSError as exc:
                log.warning("receipt %s not sent: %s", sale.receipt, exc)
                return
            if 200 <= status < 300:
                done.append(sale.receipt)

    await asyncio.gather(*(one(s) for s in sales))
    return done


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--exports", default="exports")
    ap.add_argument("--concurrency", type=int, default=4)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    cfg = ApiConfig()
    if not cfg.key and not args.dry_run:
        log.error("SHOP_API_KEY is not set")
        return 1
    sent = load_state()
    sales = list(pending_sales(args.exports, sent))
    log.info("%d new sales to push", len(sales))
    if args.dry_run or not sales:
        return 0
    done = asyncio.run(push_all(cfg, sales, args.concurrency))
    sent.update(done)
    save_state(sent)
    log.info("pushed %d of %d", len(done), len(sales))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
