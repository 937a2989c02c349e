#!/usr/bin/env python3
"""Livery invoice mailer.

Builds a simple text invoice per livery owner from the monthly charges CSV
and sends it through the yard's mail API as an attachment. Drafts are
written to the working directory first so the office can check them.
"""

import argparse
import base64
import csv
import logging
import os
import tempfile
from collections import defaultdict
from pathlib import Path

import requests

log = logging.getLogger("invoice_mailer")

MAIL_API = "https://mail.example.com/v3/send"
DRAFTS = Path("invoice_drafts")


def load_charges(path):
    per_owner = defaultdict(list)
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            try:
                amount = float(row["amount"])
            except (KeyError, ValueError):
                log.warning("skipping bad row %r", row)
                continue
            per_owner[row["email"].strip().lower()].append((row["horse"], row["item"], amount))
    return per_owner


def render(email, lines, month):
    total = sum(a for _, _, a in lines)
    out = [f"Livery invoice - {month}", f"Owner: {email}", ""]
    for horse, item, amount in lines:
        out.append(f"{horse:15s} {item:25s} £{amount:8.2f}")
    out += ["", f"{'Total':41s} £{total:8.2f}", "", "Payment due within 14 days. Thank you!"]
    return "\n".join(out) + "\n", total


def write_draft(email, text, month):
    DRAFTS.mkdir(exist_ok=True)
    # write to a temp file in the same folder, then rename, so half-written drafts never appear
    fd, tmp = tempfile.mkstemp(dir=DRAFTS, suffix=".part")
    with os.fdopen(fd, "w") as fh:
        fh.write(text)
    final = DRAFTS / f"{month}_{email.replace('@', '_at_')}.txt"
    os.replace(tmp, final)
    os.chmod(final, 0o600)
    return final


def send(api_key, email, month, draft):
    attachment = base64.b64encode(draft.read_bytes()).decode("ascii")
    payload = {
        "from": "office@stables.example.com",
        "to": email,
        "subject": f"Livery invoice {month}",
        "text": "Please find this month's livery invoice attached.",
        "attachments": [{"filename": draft.name, "content": attachment, "type": "text/plain"}],
    }
    resp = requests.post(MAIL_API, json=payload, headers={"Authorization": f"Bearer {api_key}"},
                         timeout=20)
    resp.raise_for_status()
    return resp.json().get("id")


def main():
    parser = argparse.ArgumentParser(description="Email monthly livery invoices")
    parser.add_argument("charges", help="CSV with email,horse,item,amount")
    parser.add_argument("month", help="e.g. 2024-06")
    parser.add_argument("--send", action="store_true", help="send after writing drafts")
    parser.add_argument("--clean", action="store_true", help="remove old drafts first")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.clean and DRAFTS.exists():
        for old in DRAFTS.glob("*.txt"):
            old.unlink()

    api_key = os.environ.get("MAIL_API_KEY")
    if args.send and not api_key:
        parser.error("MAIL_API_KEY must be set to send")

    grand = 0.0
    for email, lines in sorted(load_charges(args.charges).items()):
        text, total = render(email, lines, args.month)
        grand += total
        draft = write_draft(email, text, args.month)
        log.info("draft %s (£%.2f)", draft.name, total)
        if args.send:
            try:
                msg_id = send(api_key, email, args.month, draft)
                log.info("sent to %s (%s)", email, msg_id)
            except requests.RequestException as exc:
                log.error("failed to send to %s: %s", email, exc)
    log.info("total invoiced: £%.2f", grand)


if __name__ == "__main__":
    main()
