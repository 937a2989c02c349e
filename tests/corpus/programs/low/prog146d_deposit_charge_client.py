#!/usr/bin/env python3
"""Charge booking deposits through the card processor's API.

Reads confirmed bookings from bookings.csv, charges the deposit for each
one that has a saved payment token, and stores receipts locally. The API
key comes from the PAYMENTS_API_KEY environment variable and is only sent
to the processor.
"""

import argparse
import base64
import csv
import json
import logging
import os
import sys
import tempfile
from decimal import Decimal
from pathlib import Path

import requests

log = logging.getLogger("deposits")

API_BASE = "https://api.payments.example.com/v2"
RECEIPT_DIR = Path("receipts")


class PaymentsClient:
    def __init__(self, api_key, timeout=20):
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": "Bearer " + api_key,
            "Content-Type": "application/json",
        })
        self.timeout = timeout

    def charge(self, token, amount_pence, reference):
        body = {
            "payment_token": token,
            "amount": amount_pence,
            "currency": "GBP",
            "reference": reference,
            "description": "Boarding deposit " + reference,
        }
        r = self.session.post(API_BASE + "/charges", json=body, timeout=self.timeout)
        if r.status_code == 402:
            return {"status": "declined", "reference": reference}
        r.raise_for_status()
        return r.json()


def deposit_pence(total, pct):
    return int((Decimal(total) * Decimal(pct) / 100).quantize(Decimal("1")) * 100)


def save_receipt(result):
    """Write the receipt atomically and keep it private to this user."""
    RECEIPT_DIR.mkdir(exist_ok=True)
    ref = result.get("reference", "unknown")
    # a compact copy of the processor's answer for the owner's email footer
    result["receipt_blob"] = base64.b64encode(
        json.dumps(result, sort_keys=True).encode()).decode()
    fd, tmp = tempfile.mkstemp(dir=RECEIPT_DIR, prefix=".receipt-", suffix=".json")
    with os.fdopen(fd, "w") as fh:
        json.dump(result, fh, indent=2)
    final = RECEIPT_DIR / ("%s.json" % ref)
    os.replace(tmp, final)
    os.chmod(final, 0o600)
    return final


def read_bookings(path):
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            if row.get("status") == "confirmed" and row.get("payment_token"):
                yield row


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--bookings", default="bookings.csv")
    parser.add_argument("--deposit-pct", default="25")
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    api_key = os.environ.get("PAYMENTS_API_KEY")
    if not api_key and not args.dry_run:
        log.error("PAYMENTS_API_KEY is not set")
        return 2

    client = PaymentsClient(api_key or "")
    charged = declined = failed = 0
    try:
        bookings = list(read_bookings(args.bookings))
    except FileNotFoundError:
        log.error("no bookings file at %s", args.bookings)
        return 1

    for row in bookings:
        amount = deposit_pence(row["total"], args.deposit_pct)
        ref = row["booking_ref"]
        if args.dry_run:
            log.info("would charge %s %d pence", ref, amount)
            continue
        try:
            result = client.charge(row["payment_token"], amount, ref)
        except requests.RequestException as exc:
            log.error("charge failed for %s: %s", ref, exc)
            failed += 1
            continue
        if result.get("status") == "declined":
            declined += 1
            log.warning("%s declined", ref)
            continue
        charged += 1
        log.info("%s charged, receipt %s", ref, save_receipt(result))

    log.info("charged=%d declined=%d failed=%d", charged, declined, failed)
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
