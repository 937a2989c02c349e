#!/usr/bin/env python3
"""Monthly tuition invoices for the tutoring centre.

Reads the month's delivered lessons (lessons_<YYYY-MM>.csv: date, family_id,
family_email, student, subject, minutes, rate_per_hour), groups them per
family, and creates one invoice per family through the BillingBox API, which
emails the PDF to the family. A local summary is written to
./invoices/<YYYY-MM>/summary.csv for the bookkeeper.

    BILLINGBOX_API_KEY=... python3 invoice_batch_mailer.py 2024-05 [--dry-run]
"""

import argparse
import csv
import hashlib
import json
import logging
import os
import pathlib
import sys
import time
import urllib.error
import urllib.request
from collections import defaultdict
from decimal import ROUND_HALF_UP, Decimal

log = logging.getLogger("invoices")

API_BASE = os.environ.get("BILLINGBOX_API", "https://api.billingbox.example/v2")
CENTS = Decimal("0.01")


def read_lessons(path):
    families = defaultdict(lambda: {"email": "", "lines": []})
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            fam = families[row["family_id"]]
            fam["email"] = row["family_email"].strip() or fam["email"]
            hours = Decimal(row["minutes"]) / 60
            amount = (hours * Decimal(row["rate_per_hour"])).quantize(CENTS, ROUND_HALF_UP)
            fam["lines"].append({
                "description": f'{row["date"]} {row["subject"]} - {row["student"]} ({row["minutes"]} min)',
                "quantity": str(hours.quantize(CENTS)),
                "unit_price": row["rate_per_hour"],
                "amount": str(amount),
            })
    return families


def invoice_payload(month, family_id, family):
    total = sum(Decimal(l["amount"]) for l in family["lines"])
    return {
        "customer": {"external_id": family_id, "email": family["email"]},
        "reference": f"TUITION-{month}-{family_id}",
        "currency": "GBP",
        "lines": family["lines"],
        "total": str(total),
        "send_email": True,
        "due_in_days": 14,
    }


def post_invoice(payload, api_key, attempts=4):
    body = json.dumps(payload).encode()
    idem = hashlib.sha256(payload["reference"].encode()).hexdigest()
    req = urllib.request.Request(
        f"{API_BASE}/invoices", data=body, method="POST",
        headers={"Authorization": f"Bearer {api_key}",
                 "Content-Type": "application/json",
                 "Idempotency-Key": idem})
    for attempt in range(1, attempts + 1):
        try:
            with urllib.request.urlopen(req, timeout=30) as resp:
                return json.load(resp)
        except urllib.error.HTTPError as exc:
            if exc.code < 500 and exc.code != 429:
                detail = exc.read().decode(errors="replace")[:200]
                raise RuntimeError(f"{payload['reference']}: HTTP {exc.code} {detail}") from exc
            log.warning("%s: HTTP %s, retry %d", payload["reference"], exc.code, attempt)
        except urllib.error.URLError as exc:
            log.warning("%s: %s, retry %d", payload["reference"], exc.reason, attempt)
        time.sleep(2 ** attempt)
    raise RuntimeError(f"{payload['reference']}: gave up after {attempts} attempts")


def main(argv=None):
    ap = argparse.ArgumentParser(description="Create and email monthly tuition invoices")
    ap.add_argument("month", help="YYYY-MM")
    ap.add_argument("--lessons", help="lessons CSV (default lessons_<month>.csv)")
    ap.add_argument("--dry-run", action="store_true", help="build invoices but do not send")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    api_key = os.environ.get("BILLINGBOX_API_KEY")
    if not api_key and not args.dry_run:
        log.error("BILLINGBOX_API_KEY is not set")
        return 2

    lessons = pathlib.Path(args.lessons or f"lessons_{args.month}.csv")
    try:
        families = read_lessons(lessons)
    except (OSError, KeyError) as exc:
        log.error("cannot read %s: %s", lessons, exc)
        return 2

    out_dir = pathlib.Path("invoices") / args.month
    out_dir.mkdir(parents=True, exist_ok=True)
    failures = 0
    with open(out_dir / "summary.csv", "w", newline="", encoding="utf-8") as fh:
        writer = csv.writer(fh)
        writer.writerow(["family_id", "email", "lines", "total", "invoice_id", "status"])
        for family_id, family in sorted(families.items()):
            payload = invoice_payload(args.month, family_id, family)
            if args.dry_run:
                writer.writerow([family_id, family["email"], len(family["lines"]),
                                 payload["total"], "", "dry-run"])
                continue
            try:
                result = post_invoice(payload, api_key)
                writer.writerow([family_id, family["email"], len(family["lines"]),
                                 payload["total"], result.get("id", ""), result.get("status", "sent")])
            except RuntimeError as exc:
                failures += 1
                log.error("%s", exc)
                writer.writerow([family_id, family["email"], len(family["lines"]),
                                 payload["total"], "", "failed"])
    log.info("%d families, %d failed; summary in %s", len(families), failures, out_dir)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
