#!/usr/bin/env python3
"""Email lifeguards whose certificates expire soon.

Reads the lifeguard roster (CSV), finds certificates expiring within the
warning window, and sends each lifeguard a reminder through the council's
transactional email API with their current certificate attached as a PDF.
"""
import argparse
import base64
import csv
import datetime as dt
import json
import logging
import os
import sys
import tempfile
from pathlib import Path

import requests

log = logging.getLogger("cert-expiry")

MAIL_API = "https://mail.example.com/v3/send"
SENDER = "pool-admin@example.com"

TEMPLATE = (
    "Hello {first},\n\n"
    "Your {kind} certificate (no. {cert_no}) expires on {expires}.\n"
    "Please book a requalification session with the pool manager.\n\n"
    "Municipal Pool Admin"
)


def load_roster(path):
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            try:
                row["expires"] = dt.date.fromisoformat(row["expires"])
            except (KeyError, ValueError):
                log.warning("bad expiry date for %s", row.get("surname"))
                continue
            yield row


def expiring(roster, days):
    limit = dt.date.today() + dt.timedelta(days=days)
    return [r for r in roster if r["expires"] <= limit]


def attachment(pdf_path):
    # the mail API wants attachments inline as base64 strings
    data = Path(pdf_path).read_bytes()
    return {"filename": Path(pdf_path).name, "type": "application/pdf",
            "content": base64.b64encode(data).decode("ascii")}


def build_message(row, cert_dir):
    msg = {
        "from": SENDER,
        "to": [row["email"]],
        "subject": f"Your {row['kind']} certificate expires {row['expires']:%d %b %Y}",
        "text": TEMPLATE.format(first=row["first"], kind=row["kind"],
                                cert_no=row["cert_no"], expires=row["expires"]),
    }
    pdf = Path(cert_dir) / f"{row['staff_id']}_{row['kind']}.pdf"
    if pdf.exists():
        msg["attachments"] = [attachment(pdf)]
    return msg


def send(session, api_key, msg):
    r = session.post(MAIL_API, json=msg, timeout=20,
                     headers={"Authorization": f"Bearer {api_key}"})
    r.raise_for_status()
    return r.json().get("id")


def preview(messages):
    """Write a preview of the outgoing batch to a private temp file."""
    with tempfile.NamedTemporaryFile("w", suffix=".json", prefix="cert_batch_",
                                     delete=False) as fh:
        json.dump([{k: v for k, v in m.items() if k != "attachments"} for m in messages],
                  fh, indent=2, default=str)
        return fh.name


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--roster", default="lifeguards.csv")
    ap.add_argument("--certs", default="certificates")
    ap.add_argument("--days", type=int, default=45)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    due = expiring(load_roster(args.roster), args.days)
    messages = [build_message(r, args.certs) for r in due]
    log.info("%d reminder(s) to send", len(messages))
    if args.dry_run:
        log.info("preview written to %s", preview(messages))
        return 0

    api_key = os.environ.get("MAIL_API_KEY")
    if not api_key:
        log.error("MAIL_API_KEY is not set")
        return 1
    sent = 0
    with requests.Session() as s:
        for msg in messages:
            try:
                mid = send(s, api_key, msg)
                log.info("sent to %s (%s)", msg["to"][0], mid)
                sent += 1
            except requests.RequestException as exc:
                log.error("failed for %s: %s", msg["to"][0], exc)
    log.info("%d/%d reminders sent", sent, len(messages))
    return 0 if sent == len(messages) else 2


if __name__ == "__main__":
    sys.exit(main())
