#!/usr/bin/env python3
"""Send proof PDFs to customers for sign-off.

Reads proofs_due.csv (order, customer, email, pdf) from the working
directory, attaches each proof PDF from ./proofs and mails it through the
shop's SMTP relay. Sent proofs are recorded in proofs_sent.json so a rerun
never mails a customer twice.

SMTP settings come from the environment: SMTP_HOST, SMTP_PORT, SMTP_USER,
SMTP_PASSWORD, PROOF_FROM.
"""
import argparse
import csv
import json
import logging
import os
import smtplib
import ssl
import sys
from email.message import EmailMessage
from email.utils import formataddr, make_msgid
from pathlib import Path

log = logging.getLogger("proof-mailer")

SENT_FILE = Path("proofs_sent.json")
BODY = """Hello {customer},

Please find attached the proof for order {order}. Check spelling, colours,
sizes and bleed carefully; we print exactly what you approve.

Reply "APPROVED" to send it to production, or tell us what to change.

Kind regards,
The prepress team
"""


def load_sent():
    try:
        return json.loads(SENT_FILE.read_text())
    except (OSError, ValueError):
        return {}


def save_sent(sent):
    SENT_FILE.write_text(json.dumps(sent, indent=2))
    os.chmod(SENT_FILE, 0o600)


def due_rows(path):
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            if row.get("email") and row.get("pdf"):
                yield row


def build_message(row, sender, proofs_dir):
    pdf = proofs_dir / row["pdf"]
    msg = EmailMessage()
    msg["Subject"] = f"Proof for order {row['order']} - please approve"
    msg["From"] = formataddr(("Prepress", sender))
    msg["To"] = formataddr((row.get("customer", ""), row["email"]))
    msg["Message-ID"] = make_msgid(domain=sender.split("@")[-1])
    msg.set_content(BODY.format(customer=row.get("customer") or "there",
                                order=row["order"]))
    msg.add_attachment(pdf.read_bytes(), maintype="application",
                       subtype="pdf", filename=pdf.name)
    return msg


def open_smtp():
    host = os.environ.get("SMTP_HOST", "smtp.office365.com")
    port = int(os.environ.get("SMTP_PORT", "587"))
    smtp = smtplib.SMTP(host, port, timeout=30)
    smtp.starttls(context=ssl.create_default_context())
    user = os.environ.get("SMTP_USER")
    if user:
        smtp.login(user, os.environ["SMTP_PASSWORD"])
    return smtp


def main():
    ap = argparse.ArgumentParser(description="Mail proof PDFs to customers")
    ap.add_argument("--due", default="proofs_due.csv")
    ap.add_argument("--proofs", default="proofs", type=Path)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    sender = os.environ.get("PROOF_FROM", "proofs@bannerhouse-print.example")
    sent = load_sent()
    todo = []
    for row in due_rows(args.due):
        key = f"{row['order']}:{row['pdf']}"
        if key in sent:
            continue
        if not (args.proofs / row["pdf"]).is_file():
            log.warning("order %s: %s missing, skipped", row["order"], row["pdf"])
            continue
        todo.append((key, row))
    if not todo:
        log.info("no new proofs to send")
        return 0
    if args.dry_run:
        for _, row in todo:
            log.info("would send %s to %s", row["pdf"], row["email"])
        return 0

    try:
        smtp = open_smtp()
    except (OSError, smtplib.SMTPException, KeyError) as exc:
        log.error("SMTP connection failed: %s", exc)
        return 1
    with smtp:
        for key, row in todo:
            try:
                smtp.send_message(build_message(row, sender, args.proofs))
            except smtplib.SMTPException as exc:
                log.error("order %s: %s", row["order"], exc)
                continue
            sent[key] = row["email"]
            save_sent(sent)
            log.info("order %s: proof sent to %s", row["order"], row["email"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
