#!/usr/bin/env python3
"""Client for the delivery partner's order API.

Pushes ready-for-pickup orders from the kitchen to the courier platform
and reads back courier status for the expo screen.
"""
import argparse
import json
import logging
import os
import sys
import time
from dataclasses import dataclass, asdict, field
from pathlib import Path

import requests

log = logging.getLogger("delivery-client")

ROUTES = {}


def route(name, verb, template):
    def wrap(fn):
        ROUTES[name] = (verb, template, fn)
        return fn
    return wrap


@dataclass
class PartnerConfig:
    base_url: str = os.environ.get("DELIVERY_API_URL", "https://api.courier-partner.example")
    key_var: str = "DELIVERY_API_KEY"
    merchant: str = os.environ.get("DELIVERY_MERCHANT_ID", "umi-sushi-007")
    timeout: float = 15.0

    @property
    def api_key(self):
        value = os.environ.get(self.key_var)
        if not value:
            raise SystemExit("set %s first" % self.key_var)
        return value


@dataclass
class PickupOrder:
    order_no: str
    customer_name: str
    address: str
    items: list = field(default_factory=list)
    ready_at: float = field(default_factory=time.time)


class PartnerClient:
    def __init__(self, cfg):
        self.cfg = cfg
        self.session = requests.Session()
        self.session.headers.update({
            "X-Api-Key": cfg.api_key,
            "Accept": "application/json",
        })

    def call(self, name, **params):
        verb, template, shape = ROUTES[name]
        url = self.cfg.base_url.rstrip("/") + template.format(merchant=self.cfg.merchant, **params)
        body = shape(**params)
        send = getattr(self.session, verb)
        kwargs = {"timeout": self.cfg.timeout}
        if body is not None:
            kwargs["json"] = body
        for attempt in range(3):
            resp = send(url, **kwargs)
            if resp.status_code not in (429, 502, 503):
                break
            time.sleep(2 ** attempt)
        resp.raise_for_status()
        return resp.json() if resp.content else {}


@route("create", "post", "/v2/merchants/{merchant}/deliveries")
def _create_body(order=None, **_):
    return asdict(order)


@route("status", "get", "/v2/merchants/{merchant}/deliveries/{order_no}")
def _status_body(**_):
    return None


@route("cancel", "delete", "/v2/merchants/{merchant}/deliveries/{order_no}")
def _cancel_body(**_):
    return None


def load_orders(path):
    data = json.loads(Path(path).read_text())
    return [PickupOrder(**o) for o in data]


def main():
    ap = argparse.ArgumentParser(description="Delivery partner client")
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("push")
    p.add_argument("orders_file")
    s = sub.add_parser("status")
    s.add_argument("order_no")
    c = sub.add_parser("cancel")
    c.add_argument("order_no")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    client = PartnerClient(PartnerConfig())
    try:
        if args.cmd == "push":
            for order in load_orders(args.orders_file):
                res = client.call("create", order=order, order_no=order.order_no)
                log.info("%s -> courier %s", order.order_no, res.get("courier_id", "pending"))
        else:
            res = client.call(args.cmd, order_no=args.order_no)
            print(json.dumps(res, indent=2))
    except requests.RequestException as exc:
        log.error("partner API error: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
