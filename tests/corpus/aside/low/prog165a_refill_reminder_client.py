#!/usr/bin/env python3
"""Send repeat-prescription reminders through the SMS gateway.

Reads the reminders due today from the CSV the PMR exports each morning
and posts one message per patient who has opted in.
"""
import argparse
import csv
import logging
import os
import sys
import time
from datetime import date
from pathlib import Path

import requests

LOG = logging.getLogger("reminders")

GATEWAY_URL = "https://api.smsgateway.example/v2/messages"
SENDER_ID = os.environ.get("SMS_SENDER_ID", "HighStPharm")
TEMPLATE = (
    "Hello {forename}, your repeat prescription for {item} is due. "
    "Reply YES to order or call {branch_phone}. {branch_name}"
)


class SmsGateway:
    def __init__(self, api_key, url=GATEWAY_URL):
        self.url = url
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Bearer {api_key}",
            "Content-Type": "application/json",
        })

    def send(self, to, body, reference):
        message = {"from": SENDER_ID, "to": to, "body": body, "client_ref": reference}
        resp = self.session.post(self.url, json=message, timeout=15)
        if resp.status_code == 429:
            retry = int(resp.headers.get("Retry-After", "5"))
            time.sleep(retry)
            resp = self.session.post(self.url, json=message, timeout=15)
        resp.raise_for_status()
        return resp.json().get("id")


def due_reminders(path, today):
    with path.open(newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            if row.get("sms_consent", "").lower() != "y":
                continue
            if row.get("due_date") != today.isoformat():
                continue
            yield row


def normalise_mobile(number):
    digits = "".join(ch for ch in number if ch.isdigit())
    if digits.startswith("07") and len(digits) == 11:
        return "+44" + digits[1:]
    if digits.startswith("447"):
        return "+" + digits
    return None


def main():
    parser = argparse.ArgumentParser(description="Repeat prescription SMS reminders")
    parser.add_argument("--csv", default="reminders_due.csv")
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    api_key = os.environ.get("SMS_API_KEY")
    if not api_key and not args.dry_run:
        LOG.error("SMS_API_KEY is not set")
        return 1

    branch = {
        "branch_name": os.environ.get("BRANCH_NAME", "High Street Pharmacy"),
        "branch_phone": os.environ.get("BRANCH_PHONE", "01632 960000"),
    }
    gateway = SmsGateway(api_key) if api_key else None
    sent = skipped = 0
    for row in due_reminders(Path(args.csv), date.today()):
        mobile = normalise_mobile(row.get("mobile", ""))
        if not mobile:
            skipped += 1
            continue
        body = TEMPLATE.format(forename=row["forename"], item=row["item"], **branch)
        if args.dry_run:
            print(f"{mobile}: {body}")
            continue
        try:
            gateway.send(mobile, body, reference=row["reminder_id"])
            sent += 1
        except requests.RequestException as exc:
            LOG.warning("reminder %s failed: %s", row["reminder_id"], exc)
    LOG.info("sent %d reminders, skipped %d without a valid mobile", sent, skipped)
    return 0


if __name__ == "__main__":
    sys.exit(main())
