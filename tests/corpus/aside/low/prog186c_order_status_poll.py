#!/usr/bin/env python3
"""Poll the web shop for binding orders and update the local status sheet.

Fetches open orders from the shop API and writes a CSV the workshop
prints each morning. Optionally posts status changes back to the shop.
"""
import argparse
import asyncio
import csv
import json
import logging
import os
import urllib.parse
import urllib.request
from dataclasses import dataclass, field, asdict
from pathlib import Path

log = logging.getLogger("orderpoll")

API_BASE = os.environ.get("SHOP_API_BASE", "https://api.shop.example.com/v1")


@dataclass
class Order:
    number: str
    customer: str
    style: str
    copies: int
    status: str
    due: str = ""


@dataclass
class ShopClient:
    base: str
    key: str = field(repr=False)
    timeout: float = 20.0

    def _request(self, method, path, body=None, query=None):
        url = f"{self.base}/{path.lstrip('/')}"
        if query:
            url += "?" + urllib.parse.urlencode(query)
        data = json.dumps(body).encode() if body is not None else None
        req = urllib.request.Request(url, data=data, method=method, headers={
            "Authorization": f"Bearer {self.key}",
            "Accept": "application/json",
            "Content-Type": "application/json",
        })
        with urllib.request.urlopen(req, timeout=self.timeout) as resp:
            return json.load(resp)

    def __getattr__(self, name):
        verb, _, resource = name.partition("_")
        if verb not in {"get", "post"}:
            raise AttributeError(name)
        return lambda **kw: self._request(verb.upper(), resource.replace("_", "/"), **kw)


def to_order(raw) -> Order:
    return Order(number=raw["number"], customer=raw["customer"]["name"],
                 style=raw.get("binding_style", "case-bound"),
                 copies=int(raw.get("quantity", 1)), status=raw["status"],
                 due=raw.get("due_date", ""))


async def fetch_all(client: ShopClient, statuses):
    loop = asyncio.get_running_loop()
    jobs = [loop.run_in_executor(None, lambda s=s: client.get_orders(query={"status": s}))
            for s in statuses]
    pages = await asyncio.gather(*jobs)
    return [to_order(o) for page in pages for o in page.get("orders", [])]


def write_sheet(orders, path: Path):
    with path.open("w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=list(Order.__dataclass_fields__))
        w.writeheader()
        for o in sorted(orders, key=lambda o: (o.due, o.number)):
            w.writerow(asdict(o))


def main():
    ap = argparse.ArgumentParser(description="Bindery order status poll")
    ap.add_argument("--out", type=Path, default=Path("order_status.csv"))
    ap.add_argument("--status", action="append", default=None)
    ap.add_argument("--mark-started", nargs="*", default=[])
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    key = os.environ.get("SHOP_API_KEY")
    if not key:
        raise SystemExit("SHOP_API_KEY is not set")
    client = ShopClient(API_BASE, key)
    orders = asyncio.run(fetch_all(client, args.status or ["paid", "in_progress"]))
    write_sheet(orders, args.out)
    log.info("wrote %d orders to %s", len(orders), args.out)

    for number in args.mark_started:
        client.post_orders_status(body={"number": number, "status": "in_progress"})
        log.info("marked %s in progress", number)


if __name__ == "__main__":
    main()
