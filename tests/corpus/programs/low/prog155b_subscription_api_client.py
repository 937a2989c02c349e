#!/usr/bin/env python3
"""Record member subscription payments with the association's payments API.

Reads the treasurer's bank-export CSV, matches payments to members and
posts each matched payment to the subscriptions API. Receipts are kept in
a local folder readable only by the treasurer.
"""
import argparse
import csv
import json
import logging
import os
import sys
from decimal import Decimal, InvalidOperation
from pathlib import Path

import requests

log = logging.getLogger("subs")

API_URL = "https://subs.example.com/api/v1/payments"
RECEIPTS = Path("receipts")


class SubsClient:
    def __init__(self, api_key, url=API_URL):
        self.url = url
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Bearer {api_key}",
            "Content-Type": "application/json",
        })

    def record(self, payment):
        resp = self.session.post(self.url, data=json.dumps(payment), timeout=15)
        if resp.status_code == 409:
            log.info("payment %s already recorded", payment["reference"])
            return None
        resp.raise_for_status()
        return resp.json()


def parse_amount(text):
    try:
        return Decimal(text.replace("£", "").replace(",", "").strip())
    except InvalidOperation:
        return None


def read_bank_export(path):
    """Yield payments whose reference looks like SUBS-<member number>."""
    with open(path, newline="", encoding="utf-8-sig") as fh:
        for row in csv.DictReader(fh):
            ref = (row.get("Reference") or "").upper().strip()
            if not ref.startswith("SUBS-"):
                continue
            amount = parse_amount(row.get("Amount", ""))
            if amount is None or amount <= 0:
                log.warning("skipping %s: bad amount %r", ref, row.get("Amount"))
                continue
            yield {
                "reference": ref,
                "member_no": ref.split("-", 1)[1],
                "amount": str(amount),
                "date": row.get("Date", ""),
            }


def save_receipt(receipt):
    RECEIPTS.mkdir(exist_ok=True)
    path = RECEIPTS / f"{receipt['reference']}.json"
    path.write_text(json.dumps(receipt, indent=2))
    os.chmod(path, 0o600)
    return path


def main():
    ap = argparse.ArgumentParser(description="Post subscription payments")
    ap.add_argument("export", help="bank export CSV")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    api_key = os.environ.get("SUBS_API_KEY")
    if not api_key and not args.dry_run:
        log.error("SUBS_API_KEY is not set")
        return 1

    client = SubsClient(api_key or "")
    posted = failed = 0
    for payment in read_bank_export(args.export):
        if args.dry_run:
            print(json.dumps(payment))
            continue
        try:
            receipt = client.record(payment)
        except requests.RequestException as exc:
            log.error("%s failed: %s", payment["reference"], exc)
            failed += 1
            continue
        if receipt:
            save_receipt(receipt)
            posted += 1

    log.info("posted %d payments, %d failures", posted, failed)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
