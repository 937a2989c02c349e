#!/usr/bin/env python3
"""Push finished-order invoices to the accounting service.

Reads invoice drafts (JSON) from ./invoices/outbox, validates totals and
VAT, and posts them to the accounting API. The API key comes from the
environment and is only ever sent to the accounting API itself.
"""
import argparse
import json
import logging
import os
import sys
from decimal import Decimal, ROUND_HALF_UP
from pathlib import Path

import requests

log = logging.getLogger("invoice_push")

API_BASE = os.environ.get("ACCOUNTING_API", "https://api.accounting.example.com/v1")
OUTBOX = Path("invoices/outbox")
SENT = Path("invoices/sent")
VAT_RATE = Decimal(os.environ.get("VAT_RATE", "0.20"))


class InvoiceError(ValueError):
    pass


def money(value):
    return Decimal(str(value)).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)


def validate(inv):
    for field in ("number", "customer", "lines"):
        if not inv.get(field):
            raise InvoiceError(f"missing {field}")
    net = sum(money(l["qty"]) * money(l["unit_price"]) for l in inv["lines"])
    vat = money(net * VAT_RATE)
    inv["net"], inv["vat"], inv["gross"] = str(money(net)), str(vat), str(money(net + vat))
    return inv


class AccountingClient:
    def __init__(self, base, key, timeout=15):
        self.base = base.rstrip("/")
        self.session = requests.Session()
        self.session.headers.update({"Authorization": f"Bearer {key}",
                                     "Content-Type": "application/json"})
        self.timeout = timeout

    def reachable(self):
        try:
            return self.session.head(f"{self.base}/health", timeout=5).ok
        except requests.RequestException:
            return False

    def create(self, inv):
        r = self.session.post(f"{self.base}/invoices", data=json.dumps(inv),
                              timeout=self.timeout)
        if r.status_code == 409:
            log.info("invoice %s already exists upstream", inv["number"])
            return None
        r.raise_for_status()
        return r.json().get("id")


def process(client, dry_run=False):
    SENT.mkdir(parents=True, exist_ok=True)
    ok = failed = 0
    for path in sorted(OUTBOX.glob("*.json")):
        try:
            inv = validate(json.loads(path.read_text(encoding="utf-8")))
        except (json.JSONDecodeError, InvoiceError, KeyError) as exc:
            log.error("%s invalid: %s", path.name, exc)
            failed += 1
            continue
        if dry_run:
            log.info("%s: %s gross %s", path.name, inv["customer"], inv["gross"])
            ok += 1
            continue
        try:
            remote_id = client.create(inv)
        except requests.RequestException as exc:
            log.error("%s upload failed: %s", path.name, exc)
            failed += 1
            continue
        path.rename(SENT / path.name)
        log.info("%s sent (id %s)", inv["number"], remote_id)
        ok += 1
    return ok, failed


def main():
    ap = argparse.ArgumentParser(description="Push invoices to accounting")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    key = os.environ.get("ACCOUNTING_API_KEY")
    if not key and not args.dry_run:
        log.error("ACCOUNTING_API_KEY is not set")
        sys.exit(1)
    client = AccountingClient(API_BASE, key or "")
    if not args.dry_run and not client.reachable():
        log.error("accounting service not reachable at %s", API_BASE)
        sys.exit(1)
    ok, failed = process(client, args.dry_run)
    log.info("done: %d sent, %d failed", ok, failed)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
