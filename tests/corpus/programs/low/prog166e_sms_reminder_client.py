#!/usr/bin/env python3
"""Sends appointment reminder texts for tomorrow's grooming visits.

Reads the exported appointments CSV and posts one message per customer
to the TextPup SMS API.
"""
import argparse
import csv
import logging
import os
import sys
import time
from datetime import date, datetime, timedelta
from pathlib import Path

import requests

API_BASE = "https://api.textpup.example/v1"
SENDER = os.environ.get("TEXTPUP_SENDER", "PawVan")
TEMPLATE = ("Hi {name}! Reminder: the PawVan will be at {address} on {day} "
            "around {time} for {dog}'s {service}. Reply C to cancel.")

log = logging.getLogger("sms-reminders")


class TextPupClient:
    def __init__(self, api_key: str, base_url: str = API_BASE, timeout: float = 10.0):
        self.base_url = base_url.rstrip("/")
        self.timeout = timeout
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Bearer {api_key}",
            "Content-Type": "application/json",
        })

    def send(self, to: str, body: str) -> dict:
        resp = self.session.post(
            f"{self.base_url}/messages",
            json={"from": SENDER, "to": to, "body": body},
            timeout=self.timeout,
        )
        resp.raise_for_status()
        return resp.json()


def load_appointments(path: Path, day: date):
    with path.open(newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            start = datetime.fromisoformat(row["start_time"])
            if start.date() == day and row.get("phone"):
                row["_start"] = start
                yield row


def render(row: dict) -> str:
    start = row["_start"]
    return TEMPLATE.format(
        name=row.get("customer", "there").split()[0],
        address=row.get("address", "your address"),
        day=start.strftime("%A"),
        time=start.strftime("%-I:%M %p"),
        dog=row.get("dog", "your dog"),
        service=row.get("service", "groom").lower(),
    )


def main() -> int:
    parser = argparse.ArgumentParser(description="Send SMS reminders")
    parser.add_argument("csv", type=Path, help="appointments export")
    parser.add_argument("--day", type=date.fromisoformat,
                        default=date.today() + timedelta(days=1))
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("--pause", type=float, default=1.0)
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    api_key = os.environ.get("TEXTPUP_API_KEY")
    if not api_key and not args.dry_run:
        log.error("TEXTPUP_API_KEY is not set")
        return 1

    client = None if args.dry_run else TextPupClient(api_key)
    sent = failed = 0
    for row in load_appointments(args.csv, args.day):
        body = render(row)
        if client is None:
            print(f"{row['phone']}: {body}")
            continue
        try:
            result = client.send(row["phone"], body)
            log.info("sent to %s (id %s)", row["phone"], result.get("id"))
            sent += 1
        except requests.RequestException as exc:
            log.warning("failed for %s: %s", row["phone"], exc)
            failed += 1
        time.sleep(args.pause)

    log.info("%d sent, %d failed", sent, failed)
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
