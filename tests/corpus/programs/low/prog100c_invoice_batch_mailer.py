#!/usr/bin/env python3
"""Email monthly invoices to garden maintenance customers.

Reads invoices.csv (invoice_no, customer, email, address, visits, amount,
pdf) exported from the accounts package, renders a short covering message
and sends each invoice PDF through the company mail relay.  Sent invoice
numbers are recorded in sent.log so a rerun never double-sends.

SMTP settings come from mailer.ini; the password from INVOICE_SMTP_PASSWORD.
"""
import argparse
import configparser
import csv
import logging
import os
import smtplib
import socket
import ssl
import sys
import threading
import time
from email.message import EmailMessage
from pathlib import Path
from string import Template

BODY = Template("""Dear $customer,

Please find attached invoice $invoice_no for garden maintenance at
$address ($visits visits this month).

Amount due: £$amount, payable within 14 days.

Thank you for your custom,
$company
""")

log = logging.getLogger("invoice_mailer")


class RelayPreflight(threading.Thread):
    """Warm the resolver for the relay before the batch goes out."""

    def __init__(self, relay_host, port=465):
        super().__init__(name="relay-preflight", daemon=True)
        self.relay_host = relay_host
        self.port = port
        self.ok = None

    def run(self):
        for attempt in range(3):
            try:
                socket.getaddrinfo(self.relay_host, self.port, proto=socket.IPPROTO_TCP)
                self.ok = True
                return
            except socket.gaierror as exc:
                log.warning("relay %s does not resolve (%s), retrying", self.relay_host, exc)
                time.sleep(2 * (attempt + 1))
        self.ok = False


def load_settings(path):
    cfg = configparser.ConfigParser()
    if not cfg.read(path):
        raise SystemExit(f"cannot read {path}")
    return cfg["smtp"], cfg["company"]


def already_sent(log_path):
    try:
        return set(Path(log_path).read_text().split())
    except FileNotFoundError:
        return set()


def build_message(row, smtp_cfg, company):
    msg = EmailMessage()
    msg["From"] = smtp_cfg.get("from", "accounts@example.invalid")
    msg["To"] = row["email"]
    msg["Subject"] = f"Invoice {row['invoice_no']} - {company.get('name', '')}"
    msg.set_content(BODY.substitute(row, company=company.get("name", "")))
    pdf = Path(row["pdf"])
    if pdf.is_file():
        msg.add_attachment(pdf.read_bytes(), maintype="application",
                           subtype="pdf", filename=pdf.name)
    else:
        log.warning("invoice %s: missing PDF %s", row["invoice_no"], pdf)
    return msg


def main():
    ap = argparse.ArgumentParser(description="Send monthly invoices")
    ap.add_argument("csv", nargs="?", default="invoices.csv")
    ap.add_argument("-c", "--config", default="mailer.ini")
    ap.add_argument("--sent-log", default="sent.log")
    ap.add_argument("-n", "--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    smtp_cfg, company = load_settings(args.config)
    password = os.environ.get("INVOICE_SMTP_PASSWORD")
    if not password and not args.dry_run:
        raise SystemExit("INVOICE_SMTP_PASSWORD is not set")

    with open(args.csv, newline="", encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    sent = already_sent(args.sent_log)
    pending = [r for r in rows if r["invoice_no"] not in sent]
    log.info("%d invoices, %d pending", len(rows), len(pending))
    if not pending:
        return 0

    host = smtp_cfg.get("host")
    port = smtp_cfg.getint("port", 465)
    preflight = RelayPreflight(host, port)
    preflight.start()

    if args.dry_run:
        for row in pending:
            log.info("would send %s to %s", row["invoice_no"], row["email"])
        preflight.join(timeout=30)
        return 0

    preflight.join(timeout=30)
    if preflight.ok is False:
        log.error("mail relay %s unreachable, nothing sent", host)
        return 1

    ctx = ssl.create_default_context()
    failures = 0
    with smtplib.SMTP_SSL(host, port, context=ctx, timeout=30) as smtp:
        smtp.login(smtp_cfg.get("user"), password)
        with open(args.sent_log, "a") as sent_log:
            for row in pending:
                try:
                    smtp.send_message(build_message(row, smtp_cfg, company))
                    sent_log.write(row["invoice_no"] + "\n")
                    log.info("sent %s to %s", row["invoice_no"], row["email"])
                except smtplib.SMTPException as exc:
                    failures += 1
                    log.error("invoice %s failed: %s", row["invoice_no"], exc)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
