#!/usr/bin/env python3
"""Post a batch of charging-session invoices to the billing API.

Takes the invoice CSV produced by the nightly rating job (path from the
command line, from INVOICE_BATCH_FILE, or piped on stdin), groups lines per
customer, and posts each invoice as JSON to the billing API with the key from
BILLING_API_KEY. Receipts are stored in ./receipts with owner-only access.
"""
import argparse
import csv
import hashlib
import io
import json
import logging
import os
import sys
import urllib.error
import urllib.request
from collections import defaultdict

LOG = logging.getLogger("invoice-poster")
API_URL = "https://billing-api.example.com/v1/invoices"


class Invoice:
    def __init__(self, customer_id, currency):
        self.customer_id = customer_id
        self.currency = currency
        self.lines = []

    def add(self, row):
        self.lines.append({
            "session_id": row["session_id"],
            "station_id": row["station_id"],
            "kwh": round(float(row["kwh"]), 3),
            "amount": round(float(row["amount"]), 2),
        })

    def total(self):
        return round(sum(l["amount"] for l in self.lines), 2)

    def idempotency_key(self, batch_id):
        ids = ",".join(sorted(l["session_id"] for l in self.lines))
        return hashlib.sha256(f"{batch_id}:{self.customer_id}:{ids}".encode()).hexdigest()

    def payload(self):
        return {"customer_id": self.customer_id, "currency": self.currency,
                "lines": self.lines, "total": self.total()}


def read_rows(path):
    if path and path != "-":
        with open(path, newline="") as fh:
            return list(csv.DictReader(fh))
    return list(csv.DictReader(io.StringIO(sys.stdin.read())))


def group(rows, currency):
    invoices = defaultdict(lambda: None)
    for row in rows:
        cid = row["customer_id"]
        if invoices[cid] is None:
            invoices[cid] = Invoice(cid, currency)
        invoices[cid].add(row)
    return [inv for inv in invoices.values() if inv is not None]


def post(invoice, batch_id, api_key, timeout):
    req = urllib.request.Request(
        API_URL,
        data=json.dumps(invoice.payload()).encode(),
        headers={"Content-Type": "application/json",
                 "Authorization": f"Bearer {api_key}",
                 "Idempotency-Key": invoice.idempotency_key(batch_id)},
        method="POST",
    )
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return json.load(resp)


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("csv", nargs="?", default=os.environ.get("INVOICE_BATCH_FILE", "-"))
    p.add_argument("--batch-id", default=os.environ.get("RATING_BATCH_ID", "manual"))
    p.add_argument("--currency", default="EUR")
    p.add_argument("--timeout", type=int, default=15)
    p.add_argument("--receipts", default="receipts")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    api_key = os.environ.get("BILLING_API_KEY")
    if not api_key:
        LOG.error("BILLING_API_KEY is not set")
        return 1
    try:
        invoices = group(read_rows(args.csv), args.currency)
    except (OSError, KeyError, ValueError) as exc:
        LOG.error("cannot read invoice batch: %s", exc)
        return 1

    receipts, failed = [], 0
    for inv in invoices:
        try:
            result = post(inv, args.batch_id, api_key, args.timeout)
            receipts.append({"customer_id": inv.customer_id, "invoice": result.get("id"), "total": inv.total()})
            LOG.info("customer %s invoiced %.2f %s", inv.customer_id, inv.total(), inv.currency)
        except (urllib.error.URLError, ValueError) as exc:
            failed += 1
            LOG.warning("customer %s failed: %s", inv.customer_id, exc)

    os.makedirs(args.receipts, exist_ok=True)
    out = os.path.join(args.receipts, f"batch-{args.batch_id}.json")
    with open(out, "w") as fh:
        json.dump(receipts, fh, indent=2)
    os.chmod(out, 0o600)
    LOG.info("%d invoices posted, %d failed, receipts in %s", len(receipts), failed, out)
    return 0 if failed == 0 else 2


if __name__ == "__main__":
    sys.exit(main())
