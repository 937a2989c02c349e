#!/usr/bin/env python3
"""Send reminder messages for tomorrow's signing appointments.

Reads the appointment export (appointments.csv in the working directory)
and sends each client a short reminder through the office's messaging
provider. The provider API key comes from the REMINDER_API_KEY variable.
"""

import argparse
import csv
import logging
import os
import sys
from datetime import date, datetime, timedelta
from pathlib import Path

import requests

LOG = logging.getLogger("reminders")

API_URL = "https://api.example.com/v2/messages"
TEMPLATE = ("Reminder: your appointment at the notary office is on {day} at "
            "{time} ({deed_type}). Please bring a valid photo ID.")


class MessagingClient:
    def __init__(self, api_key: str, timeout: int = 15):
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": "Bearer " + api_key,
            "Content-Type": "application/json",
        })
        self.timeout = timeout

    def send(self, phone: str, text: str) -> str:
        resp = self.session.post(API_URL, json={"to": phone, "body": text,
                                                "sender": "NotaryOffice"},
                                 timeout=self.timeout)
        resp.raise_for_status()
        return resp.json().get("id", "?")


def load_appointments(path: Path, day: date):
    with path.open(newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            try:
                when = datetime.strptime(row["start"], "%Y-%m-%d %H:%M")
            except (KeyError, ValueError):
                LOG.warning("bad row skipped: %s", row)
                continue
            if when.date() == day and row.get("phone"):
                yield row, when


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--file", type=Path, default=Path("appointments.csv"))
    ap.add_argument("--day", help="YYYY-MM-DD (default: tomorrow)")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s",
                        handlers=[logging.StreamHandler(),
                                  logging.FileHandler("reminders.log")])
    day = (datetime.strptime(args.day, "%Y-%m-%d").date() if args.day
           else date.today() + timedelta(days=1))

    api_key = os.environ.get("REMINDER_API_KEY")
    if not api_key and not args.dry_run:
        LOG.error("REMINDER_API_KEY is not set")
        return 1
    if not args.file.exists():
        LOG.error("appointment export %s not found", args.file)
        return 1

    client = None if args.dry_run else MessagingClient(api_key)
    sent = failed = 0
    for row, when in load_appointments(args.file, day):
        text = TEMPLATE.format(day=when.strftime("%d.%m.%Y"),
                               time=when.strftime("%H:%M"),
                               deed_type=row.get("deed_type", "appointment"))
        if client is None:
            LOG.info("would send to %s: %s", row["phone"], text)
            continue
        try:
            msg_id = client.send(row["phone"], text)
            sent += 1
            LOG.info("sent reminder for %s (message %s)", when, msg_id)
        except requests.RequestException as exc:
            failed += 1
            LOG.error("sending to %s failed: %s", row["phone"], exc)
    LOG.info("%d reminders sent, %d failed for %s", sent, failed, day)
    return 0 if failed == 0 else 2


if __name__ == "__main__":
    sys.exit(main())
