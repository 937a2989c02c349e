#!/usr/bin/env python3
"""Upload packed-order receipts to the web-shop platform.

After an online order is packed, the till produces a PDF receipt. This tool
attaches that receipt to the order on the shop platform so the customer can
download it from their account page.

The platform API key comes from BOOKSHOP_API_KEY and is only ever sent to
the platform API itself.
"""
import argparse
import base64
import json
import logging
import os
import sys
import tempfile
from pathlib import Path

import requests

log = logging.getLogger("receipt-upload")

API_BASE = os.environ.get("BOOKSHOP_API_BASE", "https://api.example.com/shop/v1")


class ShopAPI:
    def __init__(self, base, key):
        self.base = base.rstrip("/")
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Bearer {key}",
            "Content-Type": "application/json",
        })

    def attach_receipt(self, order_id, filename, pdf_bytes):
        payload = {
            "filename": filename,
            "content_type": "application/pdf",
            "data": base64.b64encode(pdf_bytes).decode("ascii"),
        }
        url = f"{self.base}/orders/{order_id}/receipts"
        resp = self.session.post(url, data=json.dumps(payload), timeout=20)
        resp.raise_for_status()
        return resp.json().get("receipt_id")


def write_ledger(entries, path):
    """Atomically rewrite the local upload ledger."""
    target = Path(path)
    with tempfile.NamedTemporaryFile("w", dir=target.parent or ".", delete=False,
                                     suffix=".tmp") as tmp:
        json.dump(entries, tmp, indent=2)
        tmp_name = tmp.name
    os.chmod(tmp_name, 0o600)
    os.replace(tmp_name, target)


def load_ledger(path):
    try:
        return json.loads(Path(path).read_text())
    except (OSError, ValueError):
        return {}


def main():
    ap = argparse.ArgumentParser(description="Attach receipts to web orders")
    ap.add_argument("--receipts", default="receipts", help="folder of <order>.pdf")
    ap.add_argument("--ledger", default="uploaded.json")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    key = os.environ.get("BOOKSHOP_API_KEY")
    if not key and not args.dry_run:
        log.error("BOOKSHOP_API_KEY is not set")
        return 2

    ledger = load_ledger(args.ledger)
    api = ShopAPI(API_BASE, key or "")
    uploaded = 0
    for pdf in sorted(Path(args.receipts).glob("*.pdf")):
        order_id = pdf.stem
        if order_id in ledger:
            continue
        if args.dry_run:
            log.info("would upload %s", pdf.name)
            continue
        try:
            rid = api.attach_receipt(order_id, pdf.name, pdf.read_bytes())
        except requests.RequestException as exc:
            log.error("order %s: upload failed: %s", order_id, exc)
            continue
        ledger[order_id] = rid
        uploaded += 1
        log.info("order %s: receipt %s", order_id, rid)

    if uploaded:
        write_ledger(ledger, args.ledger)
    log.info("%d receipts uploaded", uploaded)
    return 0


if __name__ == "__main__":
    sys.exit(main())
