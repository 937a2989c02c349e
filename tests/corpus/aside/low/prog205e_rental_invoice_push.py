#!/usr/bin/env python3
"""Rental invoice push.

Costumes hired out to other opera houses are billed through the
accounting service. This reads the rental ledger, builds one invoice per
borrowing company and submits it to the accounting API.
"""
import argparse
import csv
import json
import logging
import os
import sys
import urllib.error
import urllib.request
from collections import defaultdict

log = logging.getLogger("rental_invoice")

API_BASE = "https://api.example.com/accounting/v1"
KEY_VARIABLE = "RENTAL_API_KEY"


class AccountingClient:
    def __init__(self, base, key):
        self.base = base.rstrip("/")
        self.key = key

    def _request(self, method, path, body=None):
        data = json.dumps(body).encode("utf-8") if body is not None else None
        req = urllib.request.Request(
            f"{self.base}{path}", data=data, method=method,
            headers={"Authorization": f"Bearer {self.key}", "Content-Type": "application/json"},
        )
        with urllib.request.urlopen(req, timeout=20) as resp:
            return json.loads(resp.read() or b"{}")

    def ping(self):
        return self._request("GET", "/status")

    def submit(self, invoice):
        return self._request("POST", "/invoices", invoice)


def read_ledger(path):
    per_company = defaultdict(list)
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            per_company[row["company"]].append({
                "item": row["costume"],
                "production": row["production"],
                "weeks": int(row["weeks"]),
                "weekly_rate": float(row["weekly_rate"]),
            })
    return per_company


def build_invoice(company, lines, period):
    total = sum(l["weeks"] * l["weekly_rate"] for l in lines)
    return {"customer": company, "period": period, "lines": lines, "total": round(total, 2), "currency": "EUR"}


def main(argv=None):
    parser = argparse.ArgumentParser(description="Submit costume rental invoices")
    parser.add_argument("ledger")
    parser.add_argument("--period", required=True, help="billing period, e.g. 2024-Q3")
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    key = os.environ.get(KEY_VARIABLE)
    if not key and not args.dry_run:
        log.error("set %s to submit invoices", KEY_VARIABLE)
        return 2
    try:
        ledger = read_ledger(args.ledger)
    except (OSError, KeyError, ValueError) as exc:
        log.error("ledger unreadable: %s", exc)
        return 1

    client = AccountingClient(API_BASE, key)
    failures = 0
    for company, lines in sorted(ledger.items()):
        invoice = build_invoice(company, lines, args.period)
        if args.dry_run:
            print(json.dumps(invoice, indent=2))
            continue
        try:
            result = client.submit(invoice)
            log.info("%s: invoice %s for %.2f EUR", company, result.get("id", "?"), invoice["total"])
        except (urllib.error.URLError, ValueError) as exc:
            log.error("%s: submission failed: %s", company, exc)
            failures += 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
