#!/usr/bin/env python3
"""Text customers when their watch is ready for pickup.

Reads the ticket export from the repair system, finds tickets that moved to
READY since the last run and sends a short SMS through the messaging
provider's API. Already-notified tickets are remembered in a local file.
"""
import argparse
import csv
import json
import logging
import os
import sys
import time
from pathlib import Path

import requests

log = logging.getLogger("pickup-sms")

API_URL = "https://api.example.com/v1/messages"
SENT_FILE = Path("notified.json")
TEMPLATE = ("Hello {first}, your {brand} (ticket {ticket}) is ready for pickup. "
            "Opening hours: Tue-Sat 10-18. - The Clock Workshop")


class SmsClient:
    def __init__(self, api_key, sender):
        self.sender = sender
        self.session = requests.Session()
        self.session.headers["Authorization"] = f"Bearer {api_key}"

    def send(self, to, text, retries=3):
        payload = {"from": self.sender, "to": to, "text": text}
        for attempt in range(1, retries + 1):
            try:
                resp = self.session.post(API_URL, json=payload, timeout=10)
                if resp.status_code == 429:
                    time.sleep(2 ** attempt)
                    continue
                resp.raise_for_status()
                return resp.json().get("id")
            except requests.RequestException as exc:
                log.warning("attempt %d for %s failed: %s", attempt, to, exc)
                time.sleep(attempt)
        return None


def load_sent():
    if SENT_FILE.exists():
        return set(json.loads(SENT_FILE.read_text()))
    return set()


def save_sent(sent):
    tmp = SENT_FILE.with_suffix(".tmp")
    tmp.write_text(json.dumps(sorted(sent)))
    tmp.replace(SENT_FILE)


def ready_tickets(export_path):
    with open(export_path, newline="") as fh:
        for row in csv.DictReader(fh):
            if row.get("status") == "READY" and row.get("phone"):
                yield row


def normalise_phone(raw, country="+44"):
    digits = "".join(ch for ch in raw if ch.isdigit() or ch == "+")
    if digits.startswith("0"):
        digits = country + digits[1:]
    return digits


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("export", help="ticket export CSV")
    ap.add_argument("--sender", default="ClockShop")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    api_key = os.environ.get("SMS_API_KEY")
    if not api_key and not args.dry_run:
        log.error("SMS_API_KEY is not set")
        return 2

    client = SmsClient(api_key or "", args.sender)
    sent = load_sent()
    new = 0
    for row in ready_tickets(args.export):
        if row["ticket"] in sent:
            continue
        text = TEMPLATE.format(first=row.get("first_name", "there"),
                               brand=row.get("brand", "watch"), ticket=row["ticket"])
        to = normalise_phone(row["phone"])
        if args.dry_run:
            print(f"{to}: {text}")
            continue
        msg_id = client.send(to, text)
        if msg_id:
            sent.add(row["ticket"])
            new += 1
            log.info("ticket %s notified (%s)", row["ticket"], msg_id)
    if not args.dry_run:
        save_sent(sent)
    log.info("%d new notifications", new)
    return 0


if __name__ == "__main__":
    sys.exit(main())
