#!/usr/bin/env python3
"""Push the day's packed parcels to the order-management API.

After the courier collects, the packing station posts a summary of each
dispatched order (tracking number, parcel weight) so customers get their
"your kite is on its way" email from the storefront.
"""
import argparse
import base64
import csv
import json
import logging
import os
from datetime import date
from pathlib import Path

import requests

log = logging.getLogger("dispatch_notify")

API_BASE = os.environ.get("OMS_API", "https://oms.example.com/api/v1")
MANIFEST_DIR = Path("dispatch")


class OmsClient:
    def __init__(self, base, key):
        self.base = base.rstrip("/")
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Bearer {key}",
            "Content-Type": "application/json",
        })

    def mark_dispatched(self, order_id, payload):
        url = f"{self.base}/orders/{order_id}/dispatch"
        r = self.session.post(url, data=json.dumps(payload), timeout=20)
        if r.status_code == 409:
            log.info("order %s already marked dispatched", order_id)
            return False
        r.raise_for_status()
        return True


def read_manifest(path):
    with path.open(newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            yield row


def label_reference(row):
    # the courier wants an opaque reference; base64 keeps it URL-safe
    raw = f"{row['order_id']}|{row['tracking']}".encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def build_payload(row):
    return {
        "carrier": row.get("carrier", "Royal Mail"),
        "tracking_number": row["tracking"],
        "weight_g": int(row.get("weight_g") or 0),
        "parcels": int(row.get("parcels") or 1),
        "label_ref": label_reference(row),
        "notify_customer": True,
    }


def main():
    ap = argparse.ArgumentParser(description="Notify OMS of dispatched orders")
    ap.add_argument("--day", default=date.today().isoformat())
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    key = os.environ.get("OMS_API_KEY")
    if not key and not args.dry_run:
        raise SystemExit("OMS_API_KEY is not set")

    manifest = MANIFEST_DIR / f"{args.day}.csv"
    if not manifest.exists():
        raise SystemExit(f"no dispatch manifest for {args.day}")

    client = OmsClient(API_BASE, key or "")
    sent = skipped = 0
    for row in read_manifest(manifest):
        payload = build_payload(row)
        if args.dry_run:
            print(row["order_id"], json.dumps(payload))
            continue
        try:
            if client.mark_dispatched(row["order_id"], payload):
                sent += 1
            else:
                skipped += 1
        except requests.RequestException as exc:
            log.error("order %s failed: %s", row["order_id"], exc)
    log.info("dispatch notices sent=%d skipped=%d", sent, skipped)


if __name__ == "__main__":
    main()
