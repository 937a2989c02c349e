#!/usr/bin/env python3
"""Push monthly membership invoices to the billing provider.

Reads invoices_<month>.csv produced by the front desk, posts each invoice
to the provider's API and stores the provider receipt locally. The API key
is read from BILLING_API_KEY and only ever sent to the provider.
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

log = logging.getLogger("invoice_push")

API_BASE = "https://api.billing.example.com/v1"
RECEIPTS = Path("receipts")


class BillingClient:
    def __init__(self, api_key, base=API_BASE, timeout=20):
        self.base = base.rstrip("/")
        self.timeout = timeout
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Bearer {api_key}",
            "User-Agent": "dojo-invoice-push/1.4",
        })

    def create_invoice(self, invoice, retries=3):
        url = f"{self.base}/invoices"
        for attempt in range(1, retries + 1):
            try:
                resp = self.session.post(url, json=invoice, timeout=self.timeout)
                if resp.status_code == 429:
                    wait = int(resp.headers.get("Retry-After", "5"))
                    log.info("rate limited, waiting %ss", wait)
                    time.sleep(wait)
                    continue
                resp.raise_for_status()
                return resp.json()
            except requests.ConnectionError as exc:
                log.warning("attempt %d failed: %s", attempt, exc)
                time.sleep(2 * attempt)
        raise RuntimeError(f"giving up on invoice {invoice['reference']}")


def read_invoices(path):
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            yield {
                "reference": row["reference"],
                "customer": row["member_id"],
                "description": f"{row['plan'].title()} membership {row['month']}",
                "amount_cents": int(round(float(row["amount"]) * 100)),
                "currency": "GBP",
            }


def save_receipt(receipt):
    RECEIPTS.mkdir(exist_ok=True)
    path = RECEIPTS / f"{receipt['reference']}.json"
    path.write_text(json.dumps(receipt, indent=2))
    # receipts contain member names and amounts, keep them private
    os.chmod(path, 0o600)
    return path


def main():
    ap = argparse.ArgumentParser(description="Push membership invoices")
    ap.add_argument("csv_file")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    api_key = os.environ.get("BILLING_API_KEY")
    if not api_key and not args.dry_run:
        log.error("BILLING_API_KEY is not set")
        return 1

    client = BillingClient(api_key or "")
    sent = failed = 0
    for invoice in read_invoices(args.csv_file):
        if args.dry_run:
            print(json.dumps(invoice))
            continue
        try:
            receipt = client.create_invoice(invoice)
        except (requests.HTTPError, RuntimeError) as exc:
            log.error("invoice %s failed: %s", invoice["reference"], exc)
            failed += 1
            continue
        receipt.setdefault("reference", invoice["reference"])
        save_receipt(receipt)
        sent += 1
    log.info("%d invoices sent, %d failed", sent, failed)
    return 0 if failed == 0 else 2


if __name__ == "__main__":
    sys.exit(main())
