#!/usr/bin/env python3
"""post_daily_totals.py - send the store's end-of-day totals to the reporting API.

Reads the day's till export (CSV) from the working directory, totals takings
by payment method and category, and posts the summary as JSON to the head
office reporting API. The API key is read from REPORTS_API_KEY and is sent
only to that API.
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
from datetime import date
from decimal import Decimal, InvalidOperation

REPORTS_API = "https://reports.example.com/api/v1/daily-totals"

log = logging.getLogger("post_daily_totals")


class DailyTotals:
    def __init__(self, store_id, day):
        self.store_id = store_id
        self.day = day
        self.by_payment = defaultdict(Decimal)
        self.by_category = defaultdict(Decimal)
        self.receipts = set()

    def add(self, row):
        amount = Decimal(row["amount"])
        self.by_payment[row["payment_method"]] += amount
        self.by_category[row["category"]] += amount
        self.receipts.add(row["receipt_id"])

    def as_payload(self):
        return {
            "store_id": self.store_id,
            "day": self.day,
            "receipt_count": len(self.receipts),
            "total": str(sum(self.by_payment.values(), Decimal("0"))),
            "by_payment": {k: str(v) for k, v in sorted(self.by_payment.items())},
            "by_category": {k: str(v) for k, v in sorted(self.by_category.items())},
        }


def load_export(path, totals):
    skipped = 0
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            try:
                totals.add(row)
            except (KeyError, InvalidOperation):
                skipped += 1
    if skipped:
        log.warning("skipped %d malformed rows in %s", skipped, path)


def post(payload, api_key, timeout):
    req = urllib.request.Request(
        REPORTS_API,
        data=json.dumps(payload).encode("utf-8"),
        headers={"Content-Type": "application/json", "X-API-Key": api_key},
        method="POST",
    )
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return resp.status


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--store", required=True)
    parser.add_argument("--day", default=date.today().isoformat())
    parser.add_argument("--export", help="till export CSV (default: till_<day>.csv)")
    parser.add_argument("--timeout", type=float, default=15.0)
    parser.add_argument("--dry-run", action="store_true", help="print instead of posting")
    parser.add_argument("-v", "--verbose", action="store_true")
    return parser.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(message)s",
    )
    export = args.export or f"till_{args.day}.csv"
    totals = DailyTotals(args.store, args.day)
    try:
        load_export(export, totals)
    except OSError as exc:
        log.error("cannot read %s: %s", export, exc)
        return 1
    payload = totals.as_payload()
    log.info("store %s %s: %s receipts, total %s",
             args.store, args.day, payload["receipt_count"], payload["total"])

    if args.dry_run:
        print(json.dumps(payload, indent=2))
        return 0
    api_key = os.environ.get("REPORTS_API_KEY")
    if not api_key:
        log.error("REPORTS_API_KEY is not set")
        return 1
    try:
        status = post(payload, api_key, args.timeout)
    except urllib.error.URLError as exc:
        log.error("posting totals failed: %s", exc)
        return 1
    log.info("totals accepted by reporting API (HTTP %s)", status)
    return 0


if __name__ == "__main__":
    sys.exit(main())
