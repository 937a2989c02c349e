#!/usr/bin/env python3
"""Send "costume due back tomorrow" reminders.

Reads the hire export, picks hires due back tomorrow and sends each customer
a text message through the shop's SMS provider.  The provider key comes from
the environment and is only ever sent to the provider's API.
"""
import argparse
import csv
import datetime as dt
import json
import logging
import os
import urllib.request
from pathlib import Path

LOG = logging.getLogger("reminders")

SMS_API = os.environ.get("SMS_API_URL", "https://api.sms-gateway.example.com/v2/messages")
SENDER = os.environ.get("SMS_SENDER", "CostumeHQ")
EXPORT = Path(os.environ.get("HIRE_EXPORT", "exports/hires_open.csv"))

TEMPLATE = ("Hi {first}, a reminder that your {costume} is due back at "
            "Costume HQ tomorrow ({due}). Late returns are charged per day. "
            "Reply STOP to opt out.")


class SmsClient:
    def __init__(self, url, key, sender):
        self.url = url
        self.key = key
        self.sender = sender

    def send(self, to, text):
        body = json.dumps({"from": self.sender, "to": to, "text": text}).encode()
        req = urllib.request.Request(
            self.url, data=body, method="POST",
            headers={"Authorization": f"Bearer {self.key}",
                     "Content-Type": "application/json"},
        )
        with urllib.request.urlopen(req, timeout=15) as resp:
            return json.loads(resp.read() or b"{}")


def due_tomorrow(path, today):
    target = (today + dt.timedelta(days=1)).isoformat()
    with path.open(newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            if row.get("due_date") == target and row.get("sms_opt_in", "yes") == "yes":
                yield row


def normalise_phone(raw):
    digits = "".join(ch for ch in raw if ch.isdigit() or ch == "+")
    if digits.startswith("0"):
        digits = "+44" + digits[1:]
    return digits


def main():
    parser = argparse.ArgumentParser(description="Send return reminders")
    parser.add_argument("--export", type=Path, default=EXPORT)
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    key = os.environ.get("SMS_API_KEY")
    if not key and not args.dry_run:
        raise SystemExit("SMS_API_KEY is not set")
    client = SmsClient(SMS_API, key, SENDER)

    sent = 0
    for row in due_tomorrow(args.export, dt.date.today()):
        text = TEMPLATE.format(first=row["customer_name"].split()[0],
                               costume=row["costume"], due=row["due_date"])
        to = normalise_phone(row["phone"])
        if args.dry_run:
            print(f"{to}: {text}")
            continue
        try:
            result = client.send(to, text)
            LOG.info("sent to %s (id %s)", to[-4:], result.get("id"))
            sent += 1
        except OSError as exc:
            LOG.warning("failed for %s: %s", to[-4:], exc)
    LOG.info("%d reminders sent", sent)


if __name__ == "__main__":
    main()
