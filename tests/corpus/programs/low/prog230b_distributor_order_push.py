#!/usr/bin/env python3
"""Distributor order push.

Reads confirmed wholesale orders from the sales export (CSV in the working
directory), groups them per customer and pushes each order to the
distributor's order API, attaching the signed delivery note PDF as base64.
The API key comes from the environment and is sent only to that API.
"""
import argparse
import base64
import csv
import json
import logging
import os
import sys
import urllib.error
import urllib.request
from collections import defaultdict
from pathlib import Path

LOG = logging.getLogger("order-push")

ORDER_API = "https://orders.distributor.example.net/api/v3/orders"
KEY_VAR = "DISTRO_API_KEY"
DONE_FILE = "pushed_orders.txt"


def read_orders(path):
    orders = defaultdict(lambda: {"lines": []})
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            if row.get("status") != "confirmed":
                continue
            o = orders[row["order_no"]]
            o["order_no"] = row["order_no"]
            o["customer"] = row["customer_id"]
            o["deliver_on"] = row["deliver_on"]
            o["lines"].append({"sku": row["sku"], "qty": int(row["qty"]),
                               "package": row["package"]})
    return dict(orders)


def attach_note(order, notes_dir):
    pdf = Path(notes_dir) / ("%s.pdf" % order["order_no"])
    if pdf.is_file():
        order["delivery_note"] = {
            "filename": pdf.name,
            "content_b64": base64.b64encode(pdf.read_bytes()).decode("ascii"),
        }
    return order


class OrderClient:
    def __init__(self, url, key, timeout):
        self.url = url
        self.key = key
        self.timeout = timeout

    def push(self, order):
        body = json.dumps(order).encode()
        req = urllib.request.Request(self.url, data=body, method="POST", headers={
            "Content-Type": "application/json",
            "Authorization": "Bearer " + self.key,
            "Idempotency-Key": order["order_no"],
        })
        try:
            with urllib.request.urlopen(req, timeout=self.timeout) as resp:
                return resp.status, json.load(resp)
        except urllib.error.HTTPError as exc:
            return exc.code, {"error": exc.read().decode(errors="replace")[:300]}


def load_done():
    try:
        with open(DONE_FILE) as fh:
            return {line.strip() for line in fh if line.strip()}
    except FileNotFoundError:
        return set()


def mark_done(order_no):
    with open(DONE_FILE, "a") as fh:
        fh.write(order_no + "\n")


def main(argv=None):
    ap = argparse.ArgumentParser(description="push confirmed orders to the distributor")
    ap.add_argument("export", help="sales export CSV")
    ap.add_argument("--notes", default="delivery_notes")
    ap.add_argument("--timeout", type=float, default=20.0)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    key = os.environ.get(KEY_VAR)
    if not key and not args.dry_run:
        LOG.error("%s is not set", KEY_VAR)
        return 2
    try:
        orders = read_orders(args.export)
    except (OSError, KeyError, ValueError) as exc:
        LOG.error("cannot read export: %s", exc)
        return 1
    done = load_done()
    client = OrderClient(ORDER_API, key or "", args.timeout)
    failed = 0
    for order_no, order in sorted(orders.items()):
        if order_no in done:
            continue
        attach_note(order, args.notes)
        if args.dry_run:
            LOG.info("would push %s (%d lines)", order_no, len(order["lines"]))
            continue
        try:
            status, reply = client.push(order)
        except OSError as exc:
            LOG.error("%s: network error %s", order_no, exc)
            failed += 1
            continue
        if status in (200, 201):
            mark_done(order_no)
            LOG.info("%s accepted as %s", order_no, reply.get("id"))
        else:
            LOG.warning("%s rejected (%s): %s", order_no, status, reply.get("error"))
            failed += 1
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
