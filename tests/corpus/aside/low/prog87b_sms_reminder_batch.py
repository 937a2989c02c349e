#!/usr/bin/env python3
"""Appointment reminder sender for the spa front desk.

Every few minutes it reads tomorrow's bookings from the diary export and
sends each client a reminder text through the TextBridge SMS API. Sent
reminders are recorded in reminders_sent.json so nobody is texted twice.

Environment:
    TEXTBRIDGE_API_KEY   API key for api.textbridge.io
    SPA_SENDER_ID        alphanumeric sender id (default: SERENITY)
"""
import argparse
import csv
import datetime as dt
import json
import logging
import os
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

log = logging.getLogger("sms_reminders")

API_URL = "https://api.textbridge.io/v2/messages"
TEMPLATE = ("Hi {first}, a reminder of your {service} at Serenity Spa on "
            "{when:%a %d %b at %H:%M}. Reply C to cancel.")


class ReminderStore:
    def __init__(self, path: Path):
        self.path = path
        self.sent = set()
        if path.exists():
            self.sent = set(json.loads(path.read_text()))

    def __contains__(self, key: str) -> bool:
        return key in self.sent

    def add(self, key: str) -> None:
        self.sent.add(key)
        self.path.write_text(json.dumps(sorted(self.sent)))


def due_bookings(diary_csv: Path, day: dt.date):
    with diary_csv.open(newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            when = dt.datetime.strptime(row["start"], "%Y-%m-%d %H:%M")
            if when.date() != day or row.get("status") == "cancelled":
                continue
            if not row.get("mobile"):
                continue
            yield row["booking_id"], row["first_name"], row["mobile"], row["service"], when


def send_sms(api_key: str, sender: str, to: str, text: str) -> str:
    body = json.dumps({"from": sender, "to": to, "text": text}).encode()
    req = urllib.request.Request(API_URL, data=body, method="POST", headers={
        "Content-Type": "application/json",
        "Authorization": f"Bearer {api_key}",
    })
    with urllib.request.urlopen(req, timeout=15) as resp:
        return json.load(resp).get("message_id", "")


def run_once(diary: Path, store: ReminderStore, api_key: str, sender: str) -> int:
    tomorrow = dt.date.today() + dt.timedelta(days=1)
    sent = 0
    for booking_id, first, mobile, service, when in due_bookings(diary, tomorrow):
        if booking_id in store:
            continue
        text = TEMPLATE.format(first=first, service=service, when=when)
        try:
            mid = send_sms(api_key, sender, mobile, text)
        except urllib.error.URLError as exc:
            log.warning("booking %s: send failed: %s", booking_id, exc)
            continue
        store.add(booking_id)
        sent += 1
        log.info("booking %s: reminder sent (%s)", booking_id, mid)
    return sent


def main() -> int:
    ap = argparse.ArgumentParser(description="Send appointment reminder texts")
    ap.add_argument("--diary", type=Path, default=Path("diary_export.csv"))
    ap.add_argument("--store", type=Path, default=Path("reminders_sent.json"))
    ap.add_argument("--loop", action="store_true", help="keep running")
    ap.add_argument("--interval", type=int, default=600)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    api_key = os.environ.get("TEXTBRIDGE_API_KEY")
    if not api_key:
        log.error("TEXTBRIDGE_API_KEY is not set")
        return 2
    sender = os.environ.get("SPA_SENDER_ID", "SERENITY")

    store = ReminderStore(args.store)
    while True:
        try:
            n = run_once(args.diary, store, api_key, sender)
            log.info("%d reminders sent", n)
        except (OSError, KeyError, ValueError) as exc:
            log.error("run failed: %s", exc)
        if not args.loop:
            return 0
        time.sleep(args.interval)


if __name__ == "__main__":
    sys.exit(main())
