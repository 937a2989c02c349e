#!/usr/bin/env python3
"""Client for the foundry's order API.

Lets the workshop office create bell orders, check their progress through
moulding, casting and tuning, and list orders due this month.
"""

import argparse
import json
import logging
import os
import sys
from datetime import date

import requests

log = logging.getLogger("order-client")

API_BASE = os.environ.get("ORDERS_API", "https://api.harrowbells.example/v1")
STAGES = ("received", "moulding", "casting", "fettling", "tuning", "fitting", "dispatched")


class OrderClient:
    def __init__(self, base, key, timeout=15):
        self.base = base.rstrip("/")
        self.timeout = timeout
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Bearer {key}",
            "Accept": "application/json",
            "User-Agent": "hb-order-client/1.4",
        })

    def _url(self, path):
        return f"{self.base}/{path.lstrip('/')}"

    def create(self, order):
        resp = self.session.post(self._url("orders"), json=order, timeout=self.timeout)
        resp.raise_for_status()
        return resp.json()

    def get(self, order_id):
        resp = self.session.get(self._url(f"orders/{order_id}"), timeout=self.timeout)
        resp.raise_for_status()
        return resp.json()

    def due(self, month):
        resp = self.session.get(self._url("orders"), params={"due": month}, timeout=self.timeout)
        resp.raise_for_status()
        return resp.json().get("orders", [])


def progress_bar(stage):
    idx = STAGES.index(stage) if stage in STAGES else 0
    return "".join("#" if i <= idx else "." for i in range(len(STAGES)))


def build_order(args):
    bells = []
    for spec in args.bell:
        note, _, weight = spec.partition(":")
        bells.append({"note": note, "weight_kg": float(weight or 0)})
    return {
        "customer": args.customer,
        "tower": args.tower,
        "bells": bells,
        "due": args.due,
    }


def main():
    parser = argparse.ArgumentParser(description="bell order API client")
    sub = parser.add_subparsers(dest="cmd", required=True)
    new = sub.add_parser("new")
    new.add_argument("--customer", required=True)
    new.add_argument("--tower", required=True)
    new.add_argument("--bell", action="append", default=[], help="NOTE:WEIGHT_KG")
    new.add_argument("--due", default=None)
    show = sub.add_parser("show")
    show.add_argument("order_id")
    due = sub.add_parser("due")
    due.add_argument("--month", default=date.today().strftime("%Y-%m"))
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    key = os.environ.get("ORDERS_API_KEY")
    if not key:
        log.error("ORDERS_API_KEY is not set")
        return 2
    client = OrderClient(API_BASE, key)

    try:
        if args.cmd == "new":
            created = client.create(build_order(args))
            print(f"created order {created.get('id')}")
        elif args.cmd == "show":
            order = client.get(args.order_id)
            stage = order.get("stage", "received")
            print(f"{order.get('id')} {order.get('tower')} [{progress_bar(stage)}] {stage}")
            print(json.dumps(order.get("bells", []), indent=2))
        else:
            for order in client.due(args.month):
                print(f"{order['id']:>8} {order.get('due', '?'):10} {order.get('tower', '')}")
    except requests.HTTPError as exc:
        log.error("API error: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
