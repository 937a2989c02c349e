#!/usr/bin/env python3
"""Pull open work orders for a crew from the CMMS and write out the ones that
match a filter, for the offline dispatch app on the truck tablet.

The filter is a Python-style expression over the order fields, e.g.

    --where "priority <= 2 and asset.startswith('XFMR')"
    --where "lat > 45.2 and crew == 'LN04'"
"""
import argparse
import csv
import json
import logging
import os
import sys
import time
from pathlib import Path

import requests

log = logging.getLogger("wo_filter")

API_BASE = os.environ.get("CMMS_API", "https://cmms.gridcrew.example/api/v1")
PAGE_SIZE = 100


def normalize(order):
    order["priority"] = int(order.get("priority") or 3)
    order["crew"] = (order.get("crew") or "UNASSIGNED").strip().upper()
    loc = order.get("location") or {}
    order["lat"] = float(loc.get("lat", 0.0))
    order["lon"] = float(loc.get("lon", 0.0))
    order["asset"] = str(order.get("asset_id") or order.get("asset") or "")
    return order


class OrderFilter:
    """Compiles the --where expression once and tests each order against it."""

    def __init__(self, expression):
        self.expression = expression or "True"
        self.code = compile(self.expression, "<where>", "eval")

    def __call__(self, order):
        fields = dict(order)
        fields.setdefault("summary", "")
        try:
            return bool(eval(self.code, {"__builtins__": {"len": len, "any": any}}, fields))
        except (NameError, TypeError, AttributeError) as exc:
            log.debug("order %s: filter error %s", order.get("id"), exc)
            return False


def session(token):
    s = requests.Session()
    s.headers.update({"Authorization": f"Token {token}", "Accept": "application/json"})
    return s


def iter_orders(sess, crew, status):
    page = 1
    while True:
        params = {"crew": crew, "status": status, "page": page, "page_size": PAGE_SIZE}
        for attempt in range(3):
            try:
                resp = sess.get(f"{API_BASE}/work-orders", params=params, timeout=30)
                resp.raise_for_status()
                break
            except requests.RequestException as exc:
                log.warning("page %d attempt %d: %s", page, attempt + 1, exc)
                time.sleep(2 + attempt * 3)
        else:
            raise SystemExit(f"giving up on page {page}")
        data = resp.json()
        yield from data.get("results", [])
        if not data.get("next"):
            return
        page += 1


def selected(orders, keep):
    for order in orders:
        try:
            order = normalize(dict(order))
        except (TypeError, ValueError) as exc:
            log.warning("order %s skipped: %s", order.get("id"), exc)
            continue
        if keep(order):
            yield order


def write_outputs(orders, outdir):
    outdir.mkdir(parents=True, exist_ok=True)
    jsonl = outdir / "work_orders.jsonl"
    csv_path = outdir / "work_orders.csv"
    count = 0
    with jsonl.open("w") as jf, csv_path.open("w", newline="") as cf:
        writer = csv.writer(cf)
        writer.writerow(["id", "priority", "crew", "asset", "lat", "lon", "summary"])
        for order in orders:
            jf.write(json.dumps(order) + "\n")
            writer.writerow([order.get("id"), order["priority"], order["crew"], order["asset"],
                             order["lat"], order["lon"], (order.get("summary") or "")[:120]])
            count += 1
    return count


def main(argv=None):
    ap = argparse.ArgumentParser(description="pull and filter crew work orders")
    ap.add_argument("crew")
    ap.add_argument("--status", default="open")
    ap.add_argument("--where", default=os.environ.get("WO_FILTER", ""),
                    help="filter expression over order fields")
    ap.add_argument("--out", type=Path, default=Path("dispatch"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    token = os.environ.get("CMMS_TOKEN")
    if not token:
        log.error("CMMS_TOKEN not set")
        return 2
    try:
        keep = OrderFilter(args.where)
    except SyntaxError as exc:
        log.error("bad --where expression: %s", exc)
        return 2
    sess = session(token)
    n = write_outputs(selected(iter_orders(sess, args.crew, args.status), keep), args.out)
    log.info("wrote %d matching work order(s) to %s", n, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
