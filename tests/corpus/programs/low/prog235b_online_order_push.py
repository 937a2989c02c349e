#!/usr/bin/env python3
"""online_order_push - push click-and-collect growler orders to the
delivery platform.

Reads order lines as CSV (from a file, or piped in from the till export:
`till-export --today | ./online_order_push.py -`), groups them by order
reference and posts each order as JSON to the platform API. The API key
comes from ORDERS_API_KEY. Results go to ./push_results.json.
"""
import argparse
import csv
import json
import logging
import os
import sys
import urllib.error
import urllib.request
from collections import defaultdict
from pathlib import Path

LOG = logging.getLogger("order_push")

API_BASE = os.environ.get("ORDERS_API_BASE", "https://api.example.com/v1")


class PlatformClient:
    def __init__(self, base: str, key: str, timeout: float = 15.0):
        self.base = base.rstrip("/")
        self.key = key
        self.timeout = timeout

    def post_order(self, order: dict) -> dict:
        body = json.dumps(order).encode()
        req = urllib.request.Request(
            f"{self.base}/orders",
            data=body,
            method="POST",
            headers={
                "Content-Type": "application/json",
                "Authorization": f"Bearer {self.key}",
            },
        )
        with urllib.request.urlopen(req, timeout=self.timeout) as resp:
            return json.load(resp)


def read_lines(source: str):
    fh = sys.stdin if source == "-" else open(source, newline="")
    try:
        yield from csv.DictReader(fh)
    finally:
        if fh is not sys.stdin:
            fh.close()


def group_orders(lines) -> dict:
    orders = defaultdict(lambda: {"items": [], "total_pence": 0})
    for line in lines:
        try:
            ref = line["reference"].strip()
            qty = int(line["qty"])
            price = int(line["unit_pence"])
        except (KeyError, ValueError) as exc:
            LOG.warning("skipping line %r: %s", line, exc)
            continue
        order = orders[ref]
        order["reference"] = ref
        order["customer"] = line.get("customer", "").strip()
        order["pickup"] = line.get("pickup", "").strip()
        order["items"].append({"sku": line.get("sku", ""), "qty": qty, "unit_pence": price})
        order["total_pence"] += qty * price
    return dict(orders)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("source", help="CSV file, or - for stdin")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--results", type=Path, default=Path("push_results.json"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    key = os.environ.get("ORDERS_API_KEY")
    if not key and not args.dry_run:
        LOG.error("ORDERS_API_KEY is not set")
        return 2

    orders = group_orders(read_lines(args.source))
    LOG.info("%d orders to push", len(orders))
    client = PlatformClient(API_BASE, key or "")
    results = {}
    for ref, order in sorted(orders.items()):
        if args.dry_run:
            results[ref] = {"status": "dry-run", "total_pence": order["total_pence"]}
            continue
        try:
            reply = client.post_order(order)
            results[ref] = {"status": "ok", "platform_id": reply.get("id")}
        except urllib.error.HTTPError as exc:
            results[ref] = {"status": "error", "http": exc.code}
            LOG.error("order %s rejected: HTTP %d", ref, exc.code)
        except (urllib.error.URLError, OSError, ValueError) as exc:
            results[ref] = {"status": "error", "detail": str(exc)}
            LOG.error("order %s failed: %s", ref, exc)

    args.results.write_text(json.dumps(results, indent=2))
    os.chmod(args.results, 0o600)
    failed = sum(1 for r in results.values() if r["status"] == "error")
    LOG.info("done: %d ok, %d failed", len(results) - failed, failed)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
