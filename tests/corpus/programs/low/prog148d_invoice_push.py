#!/usr/bin/env python3
"""Push finished invoices to the accounting system.

Reads invoice rows from invoices_ready.csv, attaches the matching PDF
from ./invoices/, and creates each invoice through the accounting API.
A receipt file records what was sent so nothing is posted twice.
"""
import argparse
import base64
import csv
import json
import logging
import os
import sys
import tempfile
from pathlib import Path

import requests

LOG = logging.getLogger("invoice_push")

API_BASE = os.environ.get("ACCOUNTS_API_BASE", "https://accounts.example.com/api/v3")
RECEIPTS = Path("invoice_receipts.json")
PDF_DIR = Path("invoices")


class AccountsClient:
    def __init__(self, base, api_key):
        self.base = base.rstrip("/")
        self.session = requests.Session()
        self.session.headers["Authorization"] = f"Bearer {api_key}"

    def create_invoice(self, payload):
        resp = self.session.post(f"{self.base}/invoices", json=payload, timeout=30)
        if resp.status_code == 409:
            LOG.info("invoice %s already exists upstream", payload["number"])
            return resp.json().get("id")
        resp.raise_for_status()
        return resp.json()["id"]


def load_receipts():
    if RECEIPTS.exists():
        return json.loads(RECEIPTS.read_text())
    return {}


def save_receipts(receipts):
    # write to a temp file in the same folder, then replace, so a crash
    # half way through never leaves a truncated receipts file
    fd, tmp = tempfile.mkstemp(dir=".", prefix=".receipts-", suffix=".json")
    with os.fdopen(fd, "w") as fh:
        json.dump(receipts, fh, indent=2)
    os.chmod(tmp, 0o600)
    os.replace(tmp, RECEIPTS)


def build_payload(row):
    pdf = PDF_DIR / f"{row['number']}.pdf"
    payload = {
        "number": row["number"],
        "client_ref": row["client_ref"],
        "issue_date": row["issue_date"],
        "due_days": int(row.get("due_days") or 30),
        "lines": [{
            "description": row["description"],
            "quantity": float(row.get("quantity") or 1),
            "unit_price": float(row["unit_price"]),
            "vat_rate": float(row.get("vat_rate") or 20),
        }],
    }
    if pdf.exists():
        payload["attachment"] = {
            "filename": pdf.name,
            "content_type": "application/pdf",
            "data": base64.b64encode(pdf.read_bytes()).decode("ascii"),
        }
    else:
        LOG.warning("no PDF for %s", row["number"])
    return payload


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("csv_file", nargs="?", default="invoices_ready.csv")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    api_key = os.environ.get("ACCOUNTS_API_KEY")
    if not api_key and not args.dry_run:
        sys.exit("ACCOUNTS_API_KEY is not set")

    client = AccountsClient(API_BASE, api_key or "")
    receipts = load_receipts()
    sent = failed = 0

    with open(args.csv_file, newline="") as fh:
        for row in csv.DictReader(fh):
            number = row["number"]
            if number in receipts:
                continue
            try:
                payload = build_payload(row)
                if args.dry_run:
                    print(f"would send {number} ({row['client_ref']}) £{row['unit_price']}")
                    continue
                receipts[number] = client.create_invoice(payload)
                sent += 1
            except (KeyError, ValueError, requests.RequestException) as exc:
                LOG.error("invoice %s failed: %s", number, exc)
                failed += 1

    if not args.dry_run:
        save_receipts(receipts)
    LOG.info("sent %d, failed %d", sent, failed)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
