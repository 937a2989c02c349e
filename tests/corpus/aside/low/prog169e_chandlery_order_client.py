#!/usr/bin/env python3
"""Client for the chandlery supplier's trade API.

Looks up bronze fastenings, caulking cotton and fittings, checks stock, and
places orders against a hull's job number.
"""
import argparse
import json
import logging
import os
from dataclasses import asdict, dataclass, field
from functools import partial
from typing import Callable, Dict, List

import requests

log = logging.getLogger("chandlery")

API_ROOT = "https://api.chandlery-supply.example/v2"


def _token() -> str:
    name = "_".join(["CHANDLERY", "API", "KEY"])
    value = os.environ.get(name)
    if not value:
        raise SystemExit(f"{name} is not set")
    return value


@dataclass
class OrderLine:
    sku: str
    qty: int


@dataclass
class Order:
    job: str
    lines: List[OrderLine] = field(default_factory=list)
    deliver_to: str = "Halyard & Pine Boatworks, Slipway Lane"


class TradeApi:
    def __init__(self, root: str, token: str):
        self.root = root.rstrip("/")
        self.session = requests.Session()
        self.session.headers.update(
            {"Authorization": f"Bearer {token}", "Accept": "application/json"}
        )

    def _call(self, method: str, path: str, **kw) -> dict:
        resp = self.session.request(method, f"{self.root}/{path.lstrip('/')}", timeout=20, **kw)
        resp.raise_for_status()
        return resp.json() if resp.content else {}

    def search(self, term: str) -> List[dict]:
        return self._call("GET", "catalogue", params={"q": term}).get("items", [])

    def stock(self, sku: str) -> dict:
        return self._call("GET", f"stock/{sku}")

    def place(self, order: Order) -> dict:
        return self._call("POST", "orders", json=asdict(order))


def cmd_search(api: TradeApi, args) -> int:
    for item in api.search(args.term):
        print(f"{item.get('sku', '?'):<14} {item.get('price', ''):>9}  {item.get('name', '')}")
    return 0


def cmd_stock(api: TradeApi, args) -> int:
    for sku in args.sku:
        info = api.stock(sku)
        print(f"{sku:<14} on hand {info.get('on_hand', 0):>6}  lead {info.get('lead_days', '?')} d")
    return 0


def parse_lines(specs: List[str]) -> List[OrderLine]:
    lines = []
    for spec in specs:
        sku, _, qty = spec.partition("=")
        lines.append(OrderLine(sku.strip(), int(qty or 1)))
    return lines


def cmd_order(api: TradeApi, args) -> int:
    order = Order(job=args.job, lines=parse_lines(args.line))
    if args.dry_run:
        print(json.dumps(asdict(order), indent=2))
        return 0
    result = api.place(order)
    log.info("order %s accepted, total %s", result.get("id"), result.get("total"))
    return 0


COMMANDS: Dict[str, Callable] = {"search": cmd_search, "stock": cmd_stock, "order": cmd_order}


def build_parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(description="chandlery trade API client")
    sub = ap.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("search")
    s.add_argument("term")
    st = sub.add_parser("stock")
    st.add_argument("sku", nargs="+")
    o = sub.add_parser("order")
    o.add_argument("--job", required=True, help="hull job number, e.g. HP-31")
    o.add_argument("--line", action="append", required=True, help="SKU=QTY")
    o.add_argument("--dry-run", action="store_true")
    return ap


def main():
    args = build_parser().parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    make_api = partial(TradeApi, API_ROOT)
    api = make_api(_token())
    raise SystemExit(COMMANDS[args.cmd](api, args))


if __name__ == "__main__":
    main()
