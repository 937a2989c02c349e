#!/usr/bin/env python3
"""Push finished-sail invoices to the loft's accounting service.

Reads invoice rows that the workshop marks as 'ready' in invoices.csv in
the current folder and creates them as draft invoices through the
accounting API. Already-posted invoices are remembered in posted.json.
"""

import argparse
import csv
import json
import logging
import os
import sys
import urllib.error
import urllib.request
from decimal import Decimal
from pathlib import Path

LOG = logging.getLogger("invoice_post")

API_URL = os.environ.get("LEDGER_API_URL", "https://api.ledger.example.com/v1/invoices")
API_KEY_VAR = "LEDGER_API_KEY"
POSTED_FILE = Path("posted.json")
VAT_RATE = Decimal(os.environ.get("LOFT_VAT_RATE", "0.20"))


def load_posted():
    if POSTED_FILE.is_file():
        return set(json.loads(POSTED_FILE.read_text()))
    return set()


def save_posted(posted):
    POSTED_FILE.write_text(json.dumps(sorted(posted), indent=1))
    os.chmod(POSTED_FILE, 0o600)


def ready_rows(path):
    with path.open(newline="") as handle:
        for row in csv.DictReader(handle):
            if row.get("status", "").strip().lower() == "ready":
                yield row


def to_payload(row):
    net = Decimal(row["net"]).quantize(Decimal("0.01"))
    vat = (net * VAT_RATE).quantize(Decimal("0.01"))
    return {
        "reference": row["invoice_no"],
        "customer": {"name": row["customer"], "email": row.get("email") or None},
        "lines": [{
            "description": f"{row['sail_type']} for {row['boat']} (order {row['order_id']})",
            "net": str(net),
            "vat": str(vat),
        }],
        "status": "draft",
        "currency": "GBP",
    }


class LedgerClient:
    def __init__(self, url, api_key):
        self.url = url
        self.api_key = api_key

    def create(self, payload):
        req = urllib.request.Request(
            self.url,
            data=json.dumps(payload).encode(),
            method="POST",
            headers={
                "Authorization": f"Bearer {self.api_key}",
                "Content-Type": "application/json",
                "Idempotency-Key": payload["reference"],
            },
        )
        with urllib.request.urlopen(req, timeout=20) as resp:
            return json.load(resp)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("csv", type=Path, nargs="?", default=Path("invoices.csv"))
    parser.add_argument("-n", "--dry-run", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    api_key = os.environ.get(API_KEY_VAR)
    if not api_key and not args.dry_run:
        LOG.error("%s is not set", API_KEY_VAR)
        return 1
    client = LedgerClient(API_URL, api_key)
    posted = load_posted()
    created = 0
    for row in ready_rows(args.csv):
        ref = row["invoice_no"]
        if ref in posted:
            continue
        payload = to_payload(row)
        if args.dry_run:
            print(json.dumps(payload, indent=2))
            continue
        try:
            result = client.create(payload)
        except urllib.error.HTTPError as exc:
            LOG.error("invoice %s rejected: HTTP %s", ref, exc.code)
            continue
        except OSError as exc:
            LOG.error("ledger unreachable: %s", exc)
            break
        LOG.info("invoice %s created as %s", ref, result.get("id", "?"))
        posted.add(ref)
        created += 1
    if not args.dry_run:
        save_posted(posted)
    LOG.info("%d invoice(s) created", created)
    return 0


if __name__ == "__main__":
    sys.exit(main())
