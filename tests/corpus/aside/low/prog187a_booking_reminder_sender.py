#!/usr/bin/env python3
"""Send tomorrow's appointment reminders by SMS.

Reads the day's bookings export from the booking app and posts one
message per customer to the SMS gateway.
"""
import argparse
import csv
import logging
import os
import time
from datetime import date, datetime, timedelta
from pathlib import Path

import requests

log = logging.getLogger("reminders")

SMS_API = os.environ.get("SMS_API_URL", "https://api.sms.example.com/v1/messages")
SMS_SENDER = os.environ.get("SMS_SENDER", "SharpCo")

TEMPLATE = (
    "Hi {first}, reminder of your {service} with {barber} at Sharp & Co. "
    "tomorrow at {time}. Reply C to cancel."
)


class SmsClient:
    def __init__(self, api_url, api_key, sender):
        self.api_url = api_url
        self.sender = sender
        self.session = requests.Session()
        self.session.headers.update({"Authorization": f"Bearer {api_key}"})

    def send(self, to, body):
        payload = {"from": self.sender, "to": to, "body": body}
        resp = self.session.post(self.api_url, json=payload, timeout=15)
        resp.raise_for_status()
        return resp.json().get("id")


def bookings_for(path, day):
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            start = datetime.fromisoformat(row["start"])
            if start.date() == day and row.get("status", "booked") == "booked":
                yield row, start


def normalise_phone(raw):
    digits = "".join(ch for ch in raw if ch.isdigit() or ch == "+")
    if digits.startswith("0"):
        digits = "+44" + digits[1:]
    return digits


def main():
    parser = argparse.ArgumentParser(description="Send appointment reminders")
    parser.add_argument("bookings", nargs="?", default="bookings_export.csv")
    parser.add_argument("--day", help="YYYY-MM-DD, default tomorrow")
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    api_key = os.environ.get("SMS_API_KEY")
    if not api_key and not args.dry_run:
        parser.error("SMS_API_KEY is not set")
    if not Path(args.bookings).exists():
        parser.error(f"missing export: {args.bookings}")

    day = date.fromisoformat(args.day) if args.day else date.today() + timedelta(days=1)
    client = SmsClient(SMS_API, api_key or "", SMS_SENDER)
    sent = failed = 0
    for row, start in bookings_for(args.bookings, day):
        body = TEMPLATE.format(
            first=row["customer"].split()[0],
            service=row.get("service", "appointment").lower(),
            barber=row.get("barber", "us"),
            time=start.strftime("%H:%M"),
        )
        to = normalise_phone(row["phone"])
        if args.dry_run:
            print(f"{to}: {body}")
            continue
        try:
            msg_id = client.send(to, body)
            log.info("sent to %s (%s)", to, msg_id)
            sent += 1
        except requests.RequestException as exc:
            log.warning("failed for %s: %s", to, exc)
            failed += 1
        time.sleep(0.5)
    log.info("reminders for %s: %d sent, %d failed", day, sent, failed)


if __name__ == "__main__":
    main()
