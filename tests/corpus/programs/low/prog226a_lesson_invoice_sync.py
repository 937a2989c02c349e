#!/usr/bin/env python3
"""Create customer invoices for private lessons and send them to billing.

Reads the private-lesson bookings export (a file, or '-' for a pipe from the
booking export tool), writes one JSON invoice per booking into ./invoices and
posts new invoices to the billing service. The API key comes from
BILLING_API_KEY and is only sent to the billing API.
"""
import argparse
import csv
import hashlib
import json
import logging
import os
import sys
import urllib.error
import urllib.request
from decimal import Decimal
from pathlib import Path

LOG = logging.getLogger("invoices")

BILLING_URL = os.environ.get("BILLING_URL",
                             "https://billing.example.com/api/v1/invoices")
PRICES = {"1h": Decimal("95.00"), "2h": Decimal("180.00"),
          "half-day": Decimal("310.00"), "full-day": Decimal("560.00")}
VAT = Decimal("0.081")


class Invoice:
    def __init__(self, row: dict):
        self.booking_id = row["booking_id"].strip()
        self.customer = row["customer_name"].strip()
        self.email = row["customer_email"].strip()
        self.package = row["package"].strip()
        self.date = row["lesson_date"].strip()
        if self.package not in PRICES:
            raise ValueError(f"unknown package {self.package!r}")
        self.net = PRICES[self.package]
        self.vat = (self.net * VAT).quantize(Decimal("0.01"))

    def to_dict(self) -> dict:
        return {"booking_id": self.booking_id, "customer": self.customer,
                "email": self.email, "package": self.package,
                "lesson_date": self.date, "net": str(self.net),
                "vat": str(self.vat), "total": str(self.net + self.vat)}

    def cache_key(self) -> str:
        blob = json.dumps(self.to_dict(), sort_keys=True).encode()
        return hashlib.md5(blob).hexdigest()


def read_rows(source: str):
    fh = sys.stdin if source == "-" else open(source, newline="", encoding="utf-8")
    try:
        yield from csv.DictReader(fh)
    finally:
        if fh is not sys.stdin:
            fh.close()


def post_invoice(inv: Invoice, api_key: str) -> bool:
    req = urllib.request.Request(
        BILLING_URL, data=json.dumps(inv.to_dict()).encode(), method="POST",
        headers={"Content-Type": "application/json",
                 "Authorization": f"Bearer {api_key}"})
    try:
        with urllib.request.urlopen(req, timeout=15) as resp:
            return 200 <= resp.status < 300
    except urllib.error.URLError as exc:
        LOG.warning("billing rejected %s: %s", inv.booking_id, exc)
        return False


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Private lesson invoices")
    ap.add_argument("source", help="bookings CSV, or - for stdin")
    ap.add_argument("--out", type=Path, default=Path("invoices"))
    ap.add_argument("--no-send", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    api_key = os.environ.get("BILLING_API_KEY", "")
    if not api_key and not args.no_send:
        LOG.error("BILLING_API_KEY is not set (or use --no-send)")
        return 2
    args.out.mkdir(parents=True, exist_ok=True)
    written = sent = 0
    for n, row in enumerate(read_rows(args.source), start=1):
        try:
            inv = Invoice(row)
        except (KeyError, ValueError) as exc:
            LOG.warning("row %d skipped: %s", n, exc)
            continue
        path = args.out / f"{inv.booking_id}_{inv.cache_key()[:8]}.json"
        if path.exists():
            continue
        path.write_text(json.dumps(inv.to_dict(), indent=2), encoding="utf-8")
        os.chmod(path, 0o600)
        written += 1
        if not args.no_send and post_invoice(inv, api_key):
            sent += 1
    LOG.info("%d new invoices written, %d sent to billing", written, sent)
    return 0


if __name__ == "__main__":
    sys.exit(main())
