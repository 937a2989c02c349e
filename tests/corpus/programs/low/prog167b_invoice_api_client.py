#!/usr/bin/env python3
"""Push completed drilling invoices to the billing service.

Reads the invoice export from the job system and creates each invoice in
the billing service's API. The API key comes from the environment and is
only sent to the billing service.
"""
import argparse
import csv
import logging
import os
import sys
from decimal import Decimal
from pathlib import Path

import requests

log = logging.getLogger("invoices")

BILLING_BASE = os.environ.get("BILLING_API_BASE", "https://api.billing.example.com/v2")

RATES = {
    "drilling_ft": Decimal("38.00"),
    "casing_ft": Decimal("14.50"),
    "grout_ft": Decimal("6.25"),
}


class BillingClient:
    def __init__(self, base, api_key, timeout=20):
        self.base = base.rstrip("/")
        self.timeout = timeout
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Bearer {api_key}",
            "Content-Type": "application/json",
        })

    def create_invoice(self, invoice):
        resp = self.session.post(f"{self.base}/invoices", json=invoice, timeout=self.timeout)
        resp.raise_for_status()
        return resp.json()

    def exists(self, reference):
        resp = self.session.get(
            f"{self.base}/invoices", params={"reference": reference}, timeout=self.timeout
        )
        resp.raise_for_status()
        return bool(resp.json().get("data"))


def line_items(row):
    items = []
    for key, rate in RATES.items():
        qty = Decimal(row.get(key) or "0")
        if qty:
            items.append({"code": key, "quantity": str(qty), "unit_price": str(rate),
                          "amount": str((qty * rate).quantize(Decimal("0.01")))})
    if row.get("pump_model"):
        items.append({"code": "pump", "description": row["pump_model"], "quantity": "1",
                      "unit_price": row["pump_price"], "amount": row["pump_price"]})
    return items


def build_invoice(row):
    items = line_items(row)
    total = sum(Decimal(i["amount"]) for i in items)
    return {
        "reference": row["job_id"],
        "customer": {"name": row["customer"], "email": row["email"]},
        "items": items,
        "total": str(total),
        "currency": "USD",
    }


def main():
    parser = argparse.ArgumentParser(description="Push invoices to billing")
    parser.add_argument("export", type=Path, nargs="?", default=Path("exports/invoices.csv"))
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    api_key = os.environ.get("BILLING_API_KEY")
    if not api_key and not args.dry_run:
        log.error("BILLING_API_KEY is not set")
        return 1
    client = BillingClient(BILLING_BASE, api_key or "")
    created = 0
    with open(args.export, newline="") as fh:
        for row in csv.DictReader(fh):
            invoice = build_invoice(row)
            if args.dry_run:
                log.info("%s: %s USD", invoice["reference"], invoice["total"])
                continue
            if client.exists(invoice["reference"]):
                log.info("%s already billed", invoice["reference"])
                continue
            client.create_invoice(invoice)
            created += 1
    log.info("created %d invoices", created)
    return 0


if __name__ == "__main__":
    sys.exit(main())
