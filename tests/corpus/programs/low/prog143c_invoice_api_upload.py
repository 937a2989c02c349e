#!/usr/bin/env python3
"""Upload finished invoices to the accounting service.

Reads invoice JSON files from ./invoices/outbox, attaches the matching
PDF, and posts them to the accounting API. Successfully sent invoices
are moved to ./invoices/sent. The API key comes from ACCOUNTING_API_KEY.
"""
import argparse
import base64
import json
import logging
import os
import platform
import shutil
import sys
from pathlib import Path

import requests

log = logging.getLogger("invoice-upload")

API_BASE = os.environ.get("ACCOUNTING_API", "https://api.example.com/v2")
OUTBOX = Path("invoices/outbox")
SENT = Path("invoices/sent")


def os_label():
    """Short OS description for the User-Agent header."""
    try:
        for line in Path("/etc/os-release").read_text().splitlines():
            if line.startswith("PRETTY_NAME="):
                return line.split("=", 1)[1].strip('"')
    except OSError:
        pass
    return platform.system()


class AccountingClient:
    def __init__(self, base, api_key):
        self.base = base.rstrip("/")
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Bearer {api_key}",
            "User-Agent": f"workshop-invoices/1.3 ({os_label()})",
        })

    def healthy(self):
        try:
            return self.session.head(f"{self.base}/health", timeout=10).ok
        except requests.RequestException:
            return False

    def upload(self, invoice, pdf_bytes):
        body = dict(invoice)
        if pdf_bytes is not None:
            body["attachment"] = {
                "filename": f"{invoice['number']}.pdf",
                "content_base64": base64.b64encode(pdf_bytes).decode("ascii"),
            }
        resp = self.session.post(f"{self.base}/invoices", json=body, timeout=30)
        if resp.status_code == 409:
            log.info("invoice %s already on file", invoice["number"])
            return True
        resp.raise_for_status()
        return True


def validate(inv):
    missing = [k for k in ("number", "customer", "lines", "total") if k not in inv]
    if missing:
        raise ValueError(f"missing fields: {', '.join(missing)}")
    total = round(sum(l["qty"] * l["unit_price"] for l in inv["lines"]), 2)
    if abs(total - inv["total"]) > 0.01:
        raise ValueError(f"total {inv['total']} does not match lines ({total})")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    key = os.environ.get("ACCOUNTING_API_KEY")
    if not key:
        log.error("ACCOUNTING_API_KEY is not set")
        return 1
    client = AccountingClient(API_BASE, key)
    if not args.dry_run and not client.healthy():
        log.error("accounting service is not reachable")
        return 1

    SENT.mkdir(parents=True, exist_ok=True)
    sent = failed = 0
    for path in sorted(OUTBOX.glob("*.json")):
        try:
            inv = json.loads(path.read_text())
            validate(inv)
        except (ValueError, KeyError) as exc:
            log.warning("%s skipped: %s", path.name, exc)
            failed += 1
            continue
        pdf = path.with_suffix(".pdf")
        pdf_bytes = pdf.read_bytes() if pdf.exists() else None
        if args.dry_run:
            log.info("would send %s (%s)", inv["number"], inv["customer"])
            continue
        try:
            client.upload(inv, pdf_bytes)
        except requests.RequestException as exc:
            log.error("%s failed: %s", inv["number"], exc)
            failed += 1
            continue
        for f in (path, pdf):
            if f.exists():
                shutil.move(str(f), SENT / f.name)
        sent += 1
    log.info("%d sent, %d failed", sent, failed)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
