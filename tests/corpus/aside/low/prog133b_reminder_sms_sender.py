#!/usr/bin/env python3
"""Send appointment reminder texts through the SMS provider's API.

Picks tomorrow's appointments out of the front desk export, renders a
reminder per patient and sends it. Rendered messages are cached by content
hash so a rerun after a network hiccup does not text anyone twice. The
practice logo is attached to MMS reminders as base64, as the provider
requires.
"""
import argparse
import base64
import csv
import hashlib
import json
import logging
import os
import sys
from datetime import date, timedelta
from pathlib import Path

import requests

log = logging.getLogger("sms-reminders")

SMS_API = "https://sms.example.com/v1/messages"
CACHE_DIR = Path(".reminder_cache")
TEMPLATE = ("Hi {first}, this is {practice} reminding you of your dental "
            "appointment on {when} at {time}. Reply C to confirm.")


def cache_key(phone: str, text: str) -> str:
    # content hash only; used to name cache files
    return hashlib.md5(f"{phone}|{text}".encode()).hexdigest()


def already_sent(key: str) -> bool:
    return (CACHE_DIR / key).exists()


def mark_sent(key: str, provider_id: str):
    CACHE_DIR.mkdir(exist_ok=True)
    (CACHE_DIR / key).write_text(provider_id)


def load_appointments(path: Path, day: date):
    with path.open(newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            if row.get("date") == day.isoformat() and row.get("phone"):
                yield row


def logo_attachment(path: Path):
    if not path.is_file():
        return None
    return {"filename": path.name, "content_type": "image/png",
            "data": base64.b64encode(path.read_bytes()).decode("ascii")}


class SmsClient:
    def __init__(self, api_key: str, sender: str):
        self.api_key = api_key
        self.sender = sender

    def send(self, to: str, body: str, attachment=None) -> str:
        payload = {"from": self.sender, "to": to, "body": body}
        if attachment:
            payload["media"] = [attachment]
        r = requests.post(SMS_API, data=json.dumps(payload), timeout=15,
                          headers={"X-Api-Key": self.api_key,
                                   "Content-Type": "application/json"})
        r.raise_for_status()
        return r.json().get("id", "")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("export", type=Path)
    ap.add_argument("--practice", default="Riverside Dental")
    ap.add_argument("--sender", default="+15550100")
    ap.add_argument("--logo", type=Path, default=Path("logo.png"))
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    key = os.environ.get("SMS_API_KEY", "")
    if not key and not args.dry_run:
        log.error("set SMS_API_KEY first")
        return 1

    client = SmsClient(key, args.sender)
    media = logo_attachment(args.logo)
    tomorrow = date.today() + timedelta(days=1)
    sent = skipped = failed = 0
    for appt in load_appointments(args.export, tomorrow):
        text = TEMPLATE.format(first=appt["first_name"], practice=args.practice,
                               when=tomorrow.strftime("%A %d %B"), time=appt["time"])
        k = cache_key(appt["phone"], text)
        if already_sent(k):
            skipped += 1
            continue
        if args.dry_run:
            log.info("to %s: %s", appt["phone"], text)
            continue
        try:
            mark_sent(k, client.send(appt["phone"], text, media))
            sent += 1
        except requests.RequestException as exc:
            log.warning("could not text %s: %s", appt["phone"], exc)
            failed += 1
    log.info("sent %d, skipped %d, failed %d", sent, skipped, failed)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
