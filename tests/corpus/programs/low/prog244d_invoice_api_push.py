#!/usr/bin/env python3
"""Push finished invoices to the e-invoicing API.

Invoices are exported by the accounts package as JSON into ./outbox.  Each
is validated, posted to the e-invoicing provider and moved to ./sent (or
./failed with the error saved next to it).
"""
import argparse
import json
import logging
import os
import shutil
import sys
from decimal import Decimal, InvalidOperation
from pathlib import Path

import requests

log = logging.getLogger("invoice-push")

API_BASE = "https://api.invoicing.example.com/v2"
KEY_VAR = "INVOICE_API_KEY"
REQUIRED = ("number", "customer", "issued", "lines", "currency")


class InvoiceError(ValueError):
    pass


def validate(doc):
    missing = [k for k in REQUIRED if k not in doc]
    if missing:
        raise InvoiceError("missing fields: " + ", ".join(missing))
    total = Decimal("0")
    for i, line in enumerate(doc["lines"], 1):
        try:
            qty = Decimal(str(line["tonnes"]))
            price = Decimal(str(line["price_per_t"]))
        except (KeyError, InvalidOperation) as exc:
            raise InvoiceError(f"line {i}: {exc}") from exc
        if qty <= 0 or price < 0:
            raise InvoiceError(f"line {i}: bad quantity or price")
        total += qty * price
    doc["total"] = str(total.quantize(Decimal("0.01")))
    return doc


class Client:
    def __init__(self, base, key):
        self.base = base.rstrip("/")
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Bearer {key}",
            "Content-Type": "application/json",
        })

    def submit(self, doc):
        resp = self.session.post(f"{self.base}/invoices", json=doc, timeout=30)
        if resp.status_code == 409:
            log.info("%s already submitted", doc["number"])
            return True
        resp.raise_for_status()
        return True


def move(path, folder, note=None):
    folder.mkdir(exist_ok=True)
    shutil.move(str(path), folder / path.name)
    if note:
        (folder / (path.stem + ".error.txt")).write_text(note)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--outbox", type=Path, default=Path("outbox"))
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    key = os.environ.get(KEY_VAR)
    if not key and not args.dry_run:
        log.error("%s is not set", KEY_VAR)
        return 1
    client = Client(API_BASE, key or "")
    sent = failed = 0
    for path in sorted(args.outbox.glob("*.json")):
        try:
            doc = validate(json.loads(path.read_text()))
            if args.dry_run:
                log.info("would send %s total %s", doc["number"], doc["total"])
                continue
            client.submit(doc)
            move(path, Path("sent"))
            sent += 1
        except (InvoiceError, json.JSONDecodeError, requests.RequestException) as exc:
            log.warning("%s failed: %s", path.name, exc)
            if not args.dry_run:
                move(path, Path("failed"), str(exc))
            failed += 1
    log.info("sent %d, failed %d", sent, failed)
    return 0 if failed == 0 else 2


if __name__ == "__main__":
    sys.exit(main())
