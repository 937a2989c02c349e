#!/usr/bin/env python3
"""Send SMS reminders for tomorrow's driving lessons.

Reads the booking export, skips bank holidays (fetched from the public
calendar feed) and sends each learner a reminder through the school's SMS
provider.  The provider key comes from the environment.
"""
import argparse
import csv
import datetime as dt
import json
import logging
import os
import sys
import urllib.error
import urllib.request

log = logging.getLogger("lesson-reminder")

SMS_API = "https://sms.example.com/v2/messages"
HOLIDAY_FEED = "https://calendar.example.org/bank-holidays.json"
TEMPLATE = ("Hi {first}, reminder: your driving lesson with {instructor} is "
            "tomorrow at {time}, pick-up {pickup}. Reply STOP to opt out.")


def fetch_holidays(timeout=10):
    try:
        with urllib.request.urlopen(HOLIDAY_FEED, timeout=timeout) as resp:
            data = json.load(resp)
        return {e["date"] for e in data.get("events", [])}
    except (urllib.error.URLError, ValueError) as exc:
        log.warning("holiday feed unavailable (%s); assuming none", exc)
        return set()


class SmsClient:
    def __init__(self, api_key, sender="DRIVESCH", dry_run=False):
        self.api_key = api_key
        self.sender = sender
        self.dry_run = dry_run

    def send(self, to, body):
        if self.dry_run:
            log.info("[dry-run] %s: %s", to, body)
            return True
        payload = json.dumps({"from": self.sender, "to": to, "body": body}).encode()
        req = urllib.request.Request(SMS_API, data=payload, method="POST", headers={
            "Content-Type": "application/json",
            "Authorization": f"Bearer {self.api_key}",
        })
        try:
            with urllib.request.urlopen(req, timeout=15) as resp:
                return 200 <= resp.status < 300
        except urllib.error.HTTPError as exc:
            log.error("SMS to %s rejected: %s", to, exc.code)
            return False


def lessons_for(path, day):
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            if row["date"] == day.isoformat() and row.get("status") == "confirmed":
                yield row


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--bookings", default="bookings.csv")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    key = os.environ.get("SMS_API_KEY")
    if not key and not args.dry_run:
        log.error("SMS_API_KEY is not set")
        return 1

    tomorrow = dt.date.today() + dt.timedelta(days=1)
    if tomorrow.isoformat() in fetch_holidays():
        log.info("%s is a bank holiday; no reminders", tomorrow)
        return 0

    client = SmsClient(key, dry_run=args.dry_run)
    sent = failed = 0
    for row in lessons_for(args.bookings, tomorrow):
        body = TEMPLATE.format(first=row["learner_first"], instructor=row["instructor"],
                               time=row["time"], pickup=row["pickup"])
        if client.send(row["mobile"], body):
            sent += 1
        else:
            failed += 1
    log.info("reminders sent: %d, failed: %d", sent, failed)
    return 0 if failed == 0 else 2


if __name__ == "__main__":
    sys.exit(main())
