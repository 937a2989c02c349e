#!/usr/bin/env python3
"""Send service-due reminder emails to customers.

Takes the DMS "service due" export, skips customers already reminded in the
last 30 days (tracked in reminders.db in the working directory), renders the
reminder template and sends through the dealership's SMTP relay.
"""
import argparse
import csv
import logging
import os
import smtplib
import sqlite3
import ssl
import sys
from datetime import datetime, timedelta
from email.message import EmailMessage
from pathlib import Path
from string import Template

LOG = logging.getLogger("reminders")

DEFAULT_TEMPLATE = Template("""Hi $first_name,

Our records show your $year $make $model is due for its $service_name
around $due_date (last odometer reading: $mileage miles).

Book online at $booking_url or call the service desk on $desk_phone.

$dealer_name Service Team
""")


class ReminderLog:
    def __init__(self, path: Path):
        self.conn = sqlite3.connect(path)
        self.conn.execute(
            "CREATE TABLE IF NOT EXISTS sent (customer_id TEXT, vin TEXT, sent_at TEXT)")

    def recently_sent(self, customer_id: str, vin: str, days: int = 30) -> bool:
        cutoff = (datetime.now() - timedelta(days=days)).isoformat()
        cur = self.conn.execute(
            "SELECT 1 FROM sent WHERE customer_id = ? AND vin = ? AND sent_at > ?",
            (customer_id, vin, cutoff))
        return cur.fetchone() is not None

    def record(self, customer_id: str, vin: str):
        self.conn.execute("INSERT INTO sent VALUES (?, ?, ?)",
                          (customer_id, vin, datetime.now().isoformat()))
        self.conn.commit()


def load_due(path: Path):
    with path.open(newline="", encoding="utf-8-sig") as fh:
        for row in csv.DictReader(fh):
            if row.get("email") and row.get("opt_out", "N").upper() != "Y":
                yield row


def build_message(row: dict, sender: str, dealer: dict, template: Template) -> EmailMessage:
    msg = EmailMessage()
    msg["From"] = sender
    msg["To"] = row["email"]
    msg["Subject"] = f"Your {row['make']} {row['model']} is due for service"
    msg.set_content(template.safe_substitute(row, **dealer))
    return msg


def open_relay(host: str, port: int, user: str, password: str) -> smtplib.SMTP:
    relay = smtplib.SMTP(host, port, timeout=30)
    relay.starttls(context=ssl.create_default_context())
    if user:
        relay.login(user, password)
    return relay


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("due_csv", type=Path)
    ap.add_argument("--template", type=Path)
    ap.add_argument("--limit", type=int, default=500)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    template = Template(args.template.read_text()) if args.template else DEFAULT_TEMPLATE
    dealer = {
        "dealer_name": os.environ.get("DEALER_NAME", "Riverside Motors"),
        "booking_url": os.environ.get("BOOKING_URL", "https://riversidemotors.com/service"),
        "desk_phone": os.environ.get("SERVICE_PHONE", "555-0142"),
    }
    sender = os.environ.get("REMINDER_FROM", "service@riversidemotors.com")
    log = ReminderLog(Path("reminders.db"))

    relay = None
    if not args.dry_run:
        relay = open_relay(os.environ.get("SMTP_HOST", "smtp.office365.com"),
                           int(os.environ.get("SMTP_PORT", "587")),
                           os.environ.get("SMTP_USER", ""), os.environ.get("SMTP_PASSWORD", ""))
    sent = skipped = 0
    try:
        for row in load_due(args.due_csv):
            if sent >= args.limit:
                break
            if log.recently_sent(row["customer_id"], row["vin"]):
                skipped += 1
                continue
            msg = build_message(row, sender, dealer, template)
            if args.dry_run:
                LOG.info("would send to %s", row["email"])
                continue
            try:
                relay.send_message(msg)
            except smtplib.SMTPRecipientsRefused:
                LOG.warning("refused: %s", row["email"])
                continue
            log.record(row["customer_id"], row["vin"])
            sent += 1
    finally:
        if relay:
            relay.quit()
    LOG.info("sent %d reminders, skipped %d recent", sent, skipped)
    return 0


if __name__ == "__main__":
    sys.exit(main())
