#!/usr/bin/env python3
"""Parts supplier client.

Checks stock and places restock orders with the workshop's parts distributor
through its ordering API.
"""
import argparse
import json
import logging
import os
import sys
from dataclasses import asdict, dataclass, field

import requests

log = logging.getLogger("supplier")


@dataclass
class SupplierConfig:
    base_url: str = os.environ.get("COGSUPPLY_URL", "https://api.cogsupply.example/v1")
    key_var: str = "COGSUPPLY" + "_API_KEY"
    account: str = os.environ.get("COGSUPPLY_ACCOUNT", "shop-0412")
    timeout: float = 15.0

    @property
    def api_key(self):
        value = os.environ.get(self.key_var)
        if not value:
            sys.exit(f"set {self.key_var} first")
        return value


@dataclass
class OrderLine:
    sku: str
    qty: int


@dataclass
class Order:
    account: str
    lines: list = field(default_factory=list)
    reference: str = ""


class SupplierClient:
    def __init__(self, cfg):
        self.cfg = cfg
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Bearer {cfg.api_key}",
            "Accept": "application/json",
        })

    def _url(self, *parts):
        return "/".join([self.cfg.base_url.rstrip("/")] + [str(p) for p in parts])

    def _call(self, method, *parts, **kw):
        resp = getattr(self.session, method)(self._url(*parts), timeout=self.cfg.timeout, **kw)
        resp.raise_for_status()
        return resp.json() if resp.content else {}

    def stock(self, sku):
        return self._call("get", "stock", sku)

    def place(self, order):
        return self._call("post", "orders", json=asdict(order))

    def order_status(self, order_id):
        return self._call("get", "orders", order_id)


def parse_lines(items):
    lines = []
    for item in items:
        sku, _, qty = item.partition("=")
        lines.append(OrderLine(sku=sku.strip(), qty=int(qty or 1)))
    return lines


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    sub = ap.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("stock")
    s.add_argument("skus", nargs="+")
    o = sub.add_parser("order")
    o.add_argument("items", nargs="+", help="SKU=QTY")
    o.add_argument("--ref", default="")
    t = sub.add_parser("status")
    t.add_argument("order_id")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    cfg = SupplierConfig()
    client = SupplierClient(cfg)

    def do_stock():
        for sku in args.skus:
            info = client.stock(sku)
            print(f"{sku:<14} {info.get('available', 0):>5} in stock, eta {info.get('eta', '-')}")

    def do_order():
        order = Order(account=cfg.account, lines=parse_lines(args.items), reference=args.ref)
        result = client.place(order)
        print(json.dumps(result, indent=2))

    def do_status():
        print(json.dumps(client.order_status(args.order_id), indent=2))

    handlers = {"stock": do_stock, "order": do_order, "status": do_status}
    try:
        handlers[args.cmd]()
    except requests.HTTPError as exc:
        log.error("supplier API error: %s", exc)
        sys.exit(1)


if __name__ == "__main__":
    main()
