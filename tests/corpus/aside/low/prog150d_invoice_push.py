#!/usr/bin/env python3
"""Push landing fee and fuel invoices to the billing service.

Reads invoice JSON files from ./outbox, attaches the rendered PDF (base64,
as the billing API expects), posts each to the billing API and moves sent
ones to ./sent. The API key comes from BILLING_API_KEY.
"""
import argparse
import base64
import json
import logging
import os
import shutil
import sys
import tempfile

import requests

log = logging.getLogger("invoice_push")

BILLING_URL = os.environ.get("BILLING_URL", "https://billing.example.com/api/v1/invoices")
OUTBOX = "outbox"
SENT = "sent"


class BillingClient:
    def __init__(self, url, api_key, timeout=20):
        self.url = url
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Bearer {api_key}",
            "Content-Type": "application/json",
        })
        self.timeout = timeout

    def submit(self, invoice):
        resp = self.session.post(self.url, data=json.dumps(invoice), timeout=self.timeout)
        resp.raise_for_status()
        return resp.json().get("id")


def attach_pdf(invoice, json_path):
    pdf_path = os.path.splitext(json_path)[0] + ".pdf"
    if os.path.exists(pdf_path):
        with open(pdf_path, "rb") as fh:
            invoice["attachment"] = {
                "filename": os.path.basename(pdf_path),
                "content_b64": base64.b64encode(fh.read()).decode("ascii"),
            }
    return invoice


def record_receipt(json_path, remote_id):
    """Write the remote id back into the invoice file atomically."""
    with open(json_path, encoding="utf-8") as fh:
        inv = json.load(fh)
    inv["billing_id"] = remote_id
    fd, tmp = tempfile.mkstemp(dir=os.path.dirname(json_path), suffix=".tmp")
    with os.fdopen(fd, "w", encoding="utf-8") as fh:
        json.dump(inv, fh, indent=2)
    os.replace(tmp, json_path)


def move_sent(json_path):
    os.makedirs(SENT, exist_ok=True)
    base = os.path.splitext(json_path)[0]
    for ext in (".json", ".pdf"):
        if os.path.exists(base + ext):
            shutil.move(base + ext, os.path.join(SENT, os.path.basename(base + ext)))


def main():
    ap = argparse.ArgumentParser(description="Send invoices to billing")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    api_key = os.environ.get("BILLING_API_KEY")
    if not api_key:
        log.error("BILLING_API_KEY is not set")
        sys.exit(1)
    if not os.path.isdir(OUTBOX):
        log.info("nothing to send")
        return

    client = BillingClient(BILLING_URL, api_key)
    sent = failed = 0
    for name in sorted(os.listdir(OUTBOX)):
        if not name.endswith(".json"):
            continue
        path = os.path.join(OUTBOX, name)
        with open(path, encoding="utf-8") as fh:
            invoice = attach_pdf(json.load(fh), path)
        if args.dry_run:
            log.info("would send %s (%s)", name, invoice.get("total"))
            continue
        try:
            remote_id = client.submit(invoice)
        except requests.RequestException as exc:
            log.warning("%s failed: %s", name, exc)
            failed += 1
            continue
        record_receipt(path, remote_id)
        move_sent(path)
        sent += 1
    log.info("sent %d, failed %d", sent, failed)


if __name__ == "__main__":
    main()
