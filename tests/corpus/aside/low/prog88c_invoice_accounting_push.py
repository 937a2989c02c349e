#!/usr/bin/env python3
"""Push finished lab invoices to the accounting service.

The lab management app drops one JSON file per invoice into ./outbox when a
case ships.  This tool maps each one to the accounting service's invoice
format (line items per restoration, VAT per line), posts it, and moves the
file to ./outbox/sent with the accounting id stored alongside.

    ACCOUNTING_API_KEY=... invoice_accounting_push.py [--since 2024-06-01]
"""
import argparse
import json
import logging
import os
import sys
import time
import urllib.error
import urllib.request
from datetime import date
from decimal import Decimal, ROUND_HALF_UP
from pathlib import Path

LOG = logging.getLogger("invoice_push")
API_BASE = os.environ.get("ACCOUNTING_API_BASE", "https://api.ledgerbooks.io/v3")
OUTBOX = Path("outbox")
SENT = OUTBOX / "sent"
REJECTED = OUTBOX / "rejected"
CENT = Decimal("0.01")

# restoration type -> revenue account in the lab's chart of accounts
ACCOUNTS = {
    "crown": "4010", "bridge": "4010", "implant_abutment": "4020",
    "denture": "4030", "splint": "4040", "model": "4050", "guide": "4060",
}


def money(value):
    return str(Decimal(str(value)).quantize(CENT, rounding=ROUND_HALF_UP))


def to_accounting(inv):
    lines = []
    for item in inv["items"]:
        lines.append({
            "description": f"{item['restoration']} {item.get('tooth', '')} {item['material']}".strip(),
            "quantity": item.get("units", 1),
            "unit_amount": money(item["price"]),
            "account_code": ACCOUNTS.get(item["restoration"], "4090"),
            "tax_rate": money(item.get("vat_rate", 0)),
        })
    return {
        "type": "ACCREC",
        "contact": {"external_id": inv["practice_id"], "name": inv["practice_name"]},
        "reference": f"{inv['number']} / {inv['case_no']}",
        "date": inv["issued"],
        "due_date": inv.get("due") or inv["issued"],
        "currency": inv.get("currency", "EUR"),
        "line_items": lines,
    }


def post_json(path, payload, key, retries=3):
    body = json.dumps(payload).encode()
    req = urllib.request.Request(
        API_BASE + path, data=body, method="POST",
        headers={"Authorization": f"Bearer {key}", "Content-Type": "application/json",
                 "Accept": "application/json"},
    )
    for attempt in range(1, retries + 1):
        try:
            with urllib.request.urlopen(req, timeout=30) as resp:
                return json.load(resp)
        except urllib.error.HTTPError as exc:
            if exc.code in (429, 502, 503) and attempt < retries:
                wait = int(exc.headers.get("Retry-After", 2 ** attempt))
                LOG.info("rate limited, waiting %ss", wait)
                time.sleep(wait)
                continue
            raise
        except urllib.error.URLError:
            if attempt == retries:
                raise
            time.sleep(2 ** attempt)


def pending(since):
    for f in sorted(OUTBOX.glob("INV-*.json")):
        inv = json.loads(f.read_text())
        if since and date.fromisoformat(inv["issued"]) < since:
            continue
        yield f, inv


def main(argv=None):
    ap = argparse.ArgumentParser(description="push lab invoices to accounting")
    ap.add_argument("--since", type=date.fromisoformat)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    key = os.environ.get("ACCOUNTING_API_KEY")
    if not key and not args.dry_run:
        LOG.error("ACCOUNTING_API_KEY missing")
        return 2
    SENT.mkdir(parents=True, exist_ok=True)
    REJECTED.mkdir(parents=True, exist_ok=True)

    ok = bad = 0
    for f, inv in pending(args.since):
        payload = to_accounting(inv)
        if args.dry_run:
            print(json.dumps(payload, indent=2))
            continue
        try:
            result = post_json("/invoices", payload, key)
        except urllib.error.HTTPError as exc:
            LOG.error("%s rejected: %s %s", f.name, exc.code, exc.read()[:200])
            f.rename(REJECTED / f.name)
            bad += 1
            continue
        except urllib.error.URLError as exc:
            LOG.error("service unreachable: %s", exc.reason)
            break
        inv["accounting_id"] = result.get("id")
        (SENT / f.name).write_text(json.dumps(inv, indent=2))
        f.unlink()
        LOG.info("%s -> %s", inv["number"], inv["accounting_id"])
        ok += 1
    LOG.info("%d sent, %d rejected", ok, bad)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
