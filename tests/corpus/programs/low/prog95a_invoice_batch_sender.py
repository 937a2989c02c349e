#!/usr/bin/env python3
"""Email monthly lesson invoices to pupils through the Postbox mail API.

Reads invoices.csv (pupil, email, lesson lines) produced by the accounts
export, lays each invoice out as plain-text with aligned columns, and sends
it via the Postbox transactional API using POSTBOX_API_KEY.
"""
import argparse
import base64
import csv
import json
import logging
import os
import sys
from collections import defaultdict
from decimal import Decimal
from pathlib import Path

import requests

logger = logging.getLogger("invoice_mailer")

POSTBOX_URL = "https://api.postbox-mail.io/v1/messages"
SENDER = os.environ.get("INVOICE_FROM", "accounts@learnwell-driving.co.uk")

# Approximate proportional widths for the invoice layout font.
_NARROW = set(" .,;:'il|!")


def glyph_width(ch, size):
    if ch in _NARROW:
        return size * 0.28
    if ch.isupper() or ch in "£mwMW":
        return size * 0.62
    return size * 0.52


class Layout:
    line_width = 64
    width_fn = staticmethod(glyph_width)

    @classmethod
    def pad(cls, left, right, size=10):
        gw = cls.width_fn
        used = sum(gw(c, size) for c in left + right)
        spaces = max(1, int((cls.line_width * size * 0.52 - used) / gw(" ", size)))
        return left + " " * spaces + right


def load_invoices(path):
    invoices = defaultdict(lambda: {"lines": []})
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            inv = invoices[row["invoice_no"]]
            inv["pupil"] = row["pupil_name"]
            inv["email"] = row["pupil_email"]
            inv["lines"].append({
                "date": row["lesson_date"],
                "desc": row["description"],
                "amount": Decimal(row["amount"]),
            })
    return invoices


def render(invoice_no, inv):
    out = [f"Learnwell Driving School - Invoice {invoice_no}", "", f"Pupil: {inv['pupil']}", ""]
    total = Decimal("0")
    for line in inv["lines"]:
        out.append(Layout.pad(f"{line['date']}  {line['desc']}", f"£{line['amount']:.2f}"))
        total += line["amount"]
    out += ["", Layout.pad("Total due", f"£{total:.2f}"), "",
            "Payment within 14 days by bank transfer, ref " + invoice_no]
    return "\n".join(out), total


def send(session, to, subject, body, attachment_name):
    payload = {
        "from": SENDER,
        "to": [to],
        "subject": subject,
        "text": body,
        "attachments": [{
            "filename": attachment_name,
            "content": base64.b64encode(body.encode()).decode(),
            "type": "text/plain",
        }],
    }
    resp = session.post(POSTBOX_URL, json=payload, timeout=30)
    if resp.status_code >= 400:
        raise RuntimeError(f"Postbox {resp.status_code}: {resp.text[:200]}")
    return resp.json().get("id")


def main():
    ap = argparse.ArgumentParser(description="Send lesson invoices")
    ap.add_argument("csv", type=Path, nargs="?", default=Path("invoices.csv"))
    ap.add_argument("--preview", action="store_true", help="print invoices instead of sending")
    ap.add_argument("--only", help="send just this invoice number")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    try:
        invoices = load_invoices(args.csv)
    except (OSError, KeyError) as exc:
        logger.error("cannot read %s: %s", args.csv, exc)
        return 1

    api_key = os.environ.get("POSTBOX_API_KEY")
    if not args.preview and not api_key:
        logger.error("POSTBOX_API_KEY is not set")
        return 2

    session = requests.Session()
    session.headers["Authorization"] = f"Bearer {api_key}"
    sent_log = Path("sent_invoices.jsonl")
    errors = 0

    for number, inv in sorted(invoices.items()):
        if args.only and number != args.only:
            continue
        body, total = render(number, inv)
        if args.preview:
            print(body, end="\n\n" + "-" * 64 + "\n")
            continue
        try:
            msg_id = send(session, inv["email"], f"Your driving lesson invoice {number}", body, f"{number}.txt")
        except (requests.RequestException, RuntimeError) as exc:
            logger.error("%s to %s failed: %s", number, inv["email"], exc)
            errors += 1
            continue
        with sent_log.open("a") as fh:
            fh.write(json.dumps({"invoice": number, "to": inv["email"], "total": str(total), "id": msg_id}) + "\n")
        logger.info("sent %s (£%.2f) to %s", number, total, inv["email"])

    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
