#!/usr/bin/env python3
"""Send SMS reminders for tomorrow's sweep appointments.

Reads the day sheet exported from the diary (CSV) and sends each customer
a reminder through the SMS gateway's JSON API.
"""
import argparse
import csv
import logging
import os
import sys
from datetime import date, datetime, timedelta
from pathlib import Path

import requests

log = logging.getLogger("reminders")

SMS_API = os.environ.get("SMS_API_URL", "https://api.sms.example.com/v2/messages")
SENDER = os.environ.get("SMS_SENDER", "ASHGROVE")

TEMPLATE = (
    "Hi {first_name}, a reminder that Ashgrove Chimney Sweeps will visit "
    "{address} on {day} between {window}. Please clear the hearth and "
    "let the fire go out the night before. Reply STOP to opt out."
)


def load_appointments(path, target_day):
    appointments = []
    with path.open(newline="") as fh:
        for row in csv.DictReader(fh):
            try:
                when = datetime.strptime(row["date"], "%Y-%m-%d").date()
            except (KeyError, ValueError):
                log.warning("bad date in row: %s", row)
                continue
            if when == target_day and row.get("sms_ok", "yes").lower() == "yes":
                appointments.append(row)
    return appointments


def normalise_phone(raw):
    digits = "".join(ch for ch in raw if ch.isdigit() or ch == "+")
    if digits.startswith("0"):
        digits = "+44" + digits[1:]
    return digits


def send_sms(session, api_key, to, body, timeout):
    resp = session.post(
        SMS_API,
        json={"from": SENDER, "to": to, "body": body},
        headers={"Authorization": f"Bearer {api_key}"},
        timeout=timeout,
    )
    resp.raise_for_status()
    return resp.json().get("id")


def main():
    parser = argparse.ArgumentParser(description="Send appointment reminders")
    parser.add_argument("day_sheet", type=Path)
    parser.add_argument("--day", help="YYYY-MM-DD, default tomorrow")
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("--timeout", type=int, default=15)
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    api_key = os.environ.get("SMS_API_KEY")
    if not api_key and not args.dry_run:
        log.error("SMS_API_KEY is not set")
        return 1

    target = date.fromisoformat(args.day) if args.day else date.today() + timedelta(days=1)
    appointments = load_appointments(args.day_sheet, target)
    log.info("%d reminders for %s", len(appointments), target)

    session = requests.Session()
    sent = 0
    for appt in appointments:
        body = TEMPLATE.format(
            first_name=appt["customer"].split()[0],
            address=appt["address"],
            day=target.strftime("%A %d %B"),
            window=appt.get("window", "8am and 12pm"),
        )
        to = normalise_phone(appt["phone"])
        if args.dry_run:
            print(f"{to}: {body}")
            continue
        try:
            msg_id = send_sms(session, api_key, to, body, args.timeout)
            log.info("sent to %s (%s)", to, msg_id)
            sent += 1
        except requests.RequestException as exc:
            log.error("failed for %s: %s", to, exc)

    log.info("sent %d of %d", sent, len(appointments))
    return 0


if __name__ == "__main__":
    sys.exit(main())
