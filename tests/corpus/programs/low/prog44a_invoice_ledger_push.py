#!/usr/bin/env python3
"""Push approved invoices from local CSV exports to the Ledgerly accounting API.

The API key is read from LEDGERLY_API_KEY and is only ever sent to the
Ledgerly endpoint below.  A receipt file is written next to the input.
"""
import argparse
import csv
import json
import logging
import os
import sys
from dataclasses import dataclass, asdict
from decimal import Decimal, InvalidOperation
from pathlib import Path

import requests

API_ROOT = "https://api.ledgerly.example.com/v2"
log = logging.getLogger("invoice-push")


@dataclass
class Invoice:
    number: str
    customer: str
    currency: str
    net: str
    vat_rate: str
    due_date: str

    def gross(self):
        return str((Decimal(self.net) * (1 + Decimal(self.vat_rate) / 100)).quantize(Decimal("0.01")))


def load_invoices(path):
    with open(path, newline="", encoding="utf-8") as fh:
        for line_no, row in enumerate(csv.DictReader(fh), start=2):
            if row.get("status", "").lower() != "approved":
                continue
            try:
                inv = Invoice(row["number"], row["customer"], row.get("currency", "EUR"),
                              row["net"], row.get("vat_rate", "19"), row["due_date"])
                inv.gross()
            except (KeyError, InvalidOperation) as exc:
                log.warning("%s:%d skipped (%s)", path, line_no, exc)
                continue
            yield inv


class LedgerlyClient:
    def __init__(self, api_key, timeout=15):
        self.session = requests.Session()
        self.session.headers.update({"Authorization": f"Bearer {api_key}",
                                     "Content-Type": "application/json"})
        self.timeout = timeout

    def create_invoice(self, inv):
        payload = asdict(inv)
        payload["gross"] = inv.gross()
        resp = self.session.post(f"{API_ROOT}/invoices", data=json.dumps(payload),
                                 timeout=self.timeout)
        if resp.status_code == 409:
            return {"number": inv.number, "status": "duplicate"}
        resp.raise_for_status()
        return {"number": inv.number, "status": "created", "id": resp.json().get("id")}


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("csv_file", type=Path)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    key = os.environ.get("LEDGERLY_API_KEY")
    if not key and not args.dry_run:
        log.error("LEDGERLY_API_KEY is not set")
        return 2

    invoices = list(load_invoices(args.csv_file))
    log.info("%d approved invoices in %s", len(invoices), args.csv_file)
    if args.dry_run:
        for inv in invoices:
            print(inv.number, inv.customer, inv.gross(), inv.currency)
        return 0

    client = LedgerlyClient(key)
    receipts = []
    for inv in invoices:
        try:
            receipts.append(client.create_invoice(inv))
        except requests.RequestException as exc:
            log.error("invoice %s failed: %s", inv.number, exc)
            receipts.append({"number": inv.number, "status": "error"})

    receipt_path = args.csv_file.with_suffix(".receipts.json")
    receipt_path.write_text(json.dumps(receipts, indent=2))
    os.chmod(receipt_path, 0o600)
    log.info("receipts written to %s", receipt_path)
    return 0 if all(r["status"] != "error" for r in receipts) else 1


if __name__ == "__main__":
    sys.exit(main())
