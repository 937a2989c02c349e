#!/usr/bin/env python3
"""Send SMS reminders for tomorrow's eye-test appointments.

Reads the appointment export (CSV) from the practice system, builds one
reminder per patient who opted in, and posts it to the SMS provider's API.
The API key comes from the environment and is only ever sent to the provider.
A local ledger stops the same reminder being sent twice.
"""
import argparse
import csv
import json
import logging
import os
import sys
from datetime import date, datetime, timedelta

import requests

log = logging.getLogger("reminders")

API_BASE = os.environ.get("SMS_API_BASE", "https://api.example.com/v1")
LEDGER = "sent_reminders.json"
TEMPLATE = ("Hi {first}, a reminder of your {kind} at {store} on {when}. "
            "Reply C to cancel.")


class SmsClient:
    def __init__(self, base, api_key, sender):
        self.base = base.rstrip("/")
        self.sender = sender
        self.session = requests.Session()
        self.session.headers.update({"Authorization": f"Bearer {api_key}",
                                     "Content-Type": "application/json"})

    def send(self, to, text):
        body = {"from": self.sender, "to": to, "text": text}
        r = self.session.post(f"{self.base}/messages", data=json.dumps(body),
                              timeout=15)
        r.raise_for_status()
        return r.json().get("id")


def load_ledger():
    try:
        with open(LEDGER) as fh:
            return json.load(fh)
    except (FileNotFoundError, json.JSONDecodeError):
        return {}


def save_ledger(ledger):
    with open(LEDGER, "w") as fh:
        json.dump(ledger, fh, indent=1)
    os.chmod(LEDGER, 0o600)   # contains phone numbers


def due_appointments(path, day):
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            start = datetime.fromisoformat(row["start"])
            if start.date() == day and row.get("sms_opt_in", "").lower() == "y":
                yield row, start


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("export", help="appointments CSV")
    ap.add_argument("--store", default="Example Opticians High St")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    api_key = os.environ.get("SMS_API_KEY")
    if not api_key and not args.dry_run:
        log.error("SMS_API_KEY is not set")
        return 2
    client = SmsClient(API_BASE, api_key or "", sender="OPTICIANS")
    ledger = load_ledger()
    tomorrow = date.today() + timedelta(days=1)
    sent = skipped = failed = 0

    for row, start in due_appointments(args.export, tomorrow):
        key = f"{row['appointment_id']}:{tomorrow.isoformat()}"
        if key in ledger:
            skipped += 1
            continue
        text = TEMPLATE.format(first=row["first_name"], kind=row.get("kind", "appointment"),
                               store=args.store, when=start.strftime("%a %d %b at %H:%M"))
        if args.dry_run:
            log.info("would send to %s: %s", row["mobile"], text)
            continue
        try:
            ledger[key] = client.send(row["mobile"], text)
            sent += 1
        except requests.RequestException as exc:
            log.warning("reminder %s failed: %s", row["appointment_id"], exc)
            failed += 1

    if not args.dry_run:
        save_ledger(ledger)
    log.info("sent %d, already sent %d, failed %d", sent, skipped, failed)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
