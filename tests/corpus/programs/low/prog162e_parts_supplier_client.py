#!/usr/bin/env python3
"""Client for the parts supplier's ordering API.

Checks price and availability for part numbers and places reorders for
the workshop stores. The API key is issued by the supplier and is only
ever sent to the supplier's API.
"""

import argparse
import json
import logging
import os
import sys
from pathlib import Path

import requests

LOG = logging.getLogger("supplier_client")

API_BASE = os.environ.get("SUPPLIER_API_BASE", "https://api.medfleet-parts.example/v2")
ACCOUNT = os.environ.get("SUPPLIER_ACCOUNT", "AMB-WS-0042")


class SupplierError(RuntimeError):
    pass


class SupplierClient:
    def __init__(self, base, api_key, account, timeout=15):
        self.base = base.rstrip("/")
        self.account = account
        self.timeout = timeout
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Bearer {api_key}",
            "Accept": "application/json",
            "User-Agent": "fleet-workshop-stores/2.1",
        })

    def _call(self, method, path, **kwargs):
        url = f"{self.base}{path}"
        resp = self.session.request(method, url, timeout=self.timeout, **kwargs)
        if resp.status_code >= 400:
            raise SupplierError(f"{method} {path}: {resp.status_code} {resp.text[:200]}")
        return resp.json()

    def availability(self, part_numbers):
        return self._call("GET", "/availability",
                          params={"parts": ",".join(part_numbers), "account": self.account})

    def place_order(self, lines, reference):
        body = {"account": self.account, "reference": reference, "lines": lines}
        return self._call("POST", "/orders", json=body)

    def order_status(self, order_id):
        return self._call("GET", f"/orders/{order_id}")


def read_reorder_file(path):
    lines = []
    for raw in Path(path).read_text(encoding="utf-8").splitlines():
        raw = raw.strip()
        if not raw or raw.startswith("#"):
            continue
        part, _, qty = raw.partition(",")
        lines.append({"part_no": part.strip(), "qty": int(qty or 1)})
    return lines


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description="Parts supplier API client")
    sub = parser.add_subparsers(dest="cmd", required=True)
    check = sub.add_parser("check", help="price and availability")
    check.add_argument("parts", nargs="+")
    order = sub.add_parser("order", help="place a reorder from a CSV of part,qty")
    order.add_argument("file")
    order.add_argument("--reference", required=True)
    order.add_argument("--dry-run", action="store_true")
    status = sub.add_parser("status", help="show an order's status")
    status.add_argument("order_id")
    parser.add_argument("-v", "--verbose", action="store_true")
    return parser.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    api_key = os.environ.get("SUPPLIER_API_KEY")
    if not api_key:
        LOG.error("SUPPLIER_API_KEY is not set")
        return 2
    client = SupplierClient(API_BASE, api_key, ACCOUNT)

    try:
        if args.cmd == "check":
            result = client.availability(args.parts)
            for item in result.get("items", []):
                print(f"{item['part_no']:<14} {item.get('stock', 0):>5} in stock  "
                      f"{item.get('price', '?'):>8} {item.get('currency', '')}  "
                      f"lead {item.get('lead_days', '?')}d")
        elif args.cmd == "order":
            lines = read_reorder_file(args.file)
            if args.dry_run:
                print(json.dumps({"reference": args.reference, "lines": lines}, indent=2))
                return 0
            result = client.place_order(lines, args.reference)
            print(f"order {result.get('order_id')} accepted, {len(lines)} lines")
        elif args.cmd == "status":
            result = client.order_status(args.order_id)
            print(json.dumps(result, indent=2))
    except (SupplierError, requests.RequestException) as exc:
        LOG.error("%s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
