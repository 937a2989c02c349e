#!/usr/bin/env python3
"""Send repeat-order ready reminders by SMS.

Reads the "ready for collection" export from the dispensary system and
sends each patient a short reminder through the practice's SMS provider.
Sent messages are recorded locally so nobody is texted twice.
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

LOG = logging.getLogger("sms-reminders")

API_BASE = os.environ.get("SMS_API_BASE", "https://api.example.com/sms/v1")
SENT_LOG = Path("sent_reminders.json")
TEMPLATE = ("{practice}: your repeat prescription is ready to collect from the "
            "dispensary. Please bring photo ID. Reply STOP to opt out.")
MAX_RETRIES = 3


def normalise_mobile(raw):
    digits = "".join(ch for ch in raw if ch.isdigit())
    if digits.startswith("07") and len(digits) == 11:
        return "+44" + digits[1:]
    if digits.startswith("447") and len(digits) == 12:
        return "+" + digits
    return None


def load_sent():
    if SENT_LOG.exists():
        return set(json.loads(SENT_LOG.read_text()))
    return set()


def save_sent(sent):
    tmp = SENT_LOG.with_suffix(".tmp")
    tmp.write_text(json.dumps(sorted(sent)))
    tmp.replace(SENT_LOG)


class SmsClient:
    """Thin wrapper around the provider's send endpoint."""

    def __init__(self, base, api_key, sender):
        self.base = base.rstrip("/")
        self.sender = sender
        self.session = requests.Session()
        self.session.headers.update({"Authorization": f"Bearer {api_key}",
                                     "Content-Type": "application/json"})

    def send(self, to, body):
        payload = {"from": self.sender, "to": to, "body": body}
        for attempt in range(1, MAX_RETRIES + 1):
            try:
                resp = self.session.post(f"{self.base}/messages", json=payload, timeout=15)
                if resp.status_code == 429:
                    time.sleep(2 ** attempt)
                    continue
                resp.raise_for_status()
                return resp.json().get("id")
            except requests.RequestException as exc:
                LOG.warning("attempt %d to %s failed: %s", attempt, to[-4:], exc)
                time.sleep(attempt)
        return None


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("export", type=Path, help="ready-for-collection CSV")
    ap.add_argument("--practice", default="Hillside Surgery")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    api_key = os.environ.get("SMS_API_KEY")
    if not api_key and not args.dry_run:
        LOG.error("SMS_API_KEY is not set")
        return 1

    client = SmsClient(API_BASE, api_key or "", sender="HillsideRx")
    sent = load_sent()
    body = TEMPLATE.format(practice=args.practice)
    done = skipped = 0
    with args.export.open(newline="") as fh:
        for row in csv.DictReader(fh):
            key = f"{row['order_id']}"
            mobile = normalise_mobile(row.get("mobile", ""))
            if key in sent or not mobile or row.get("sms_consent", "").lower() != "y":
                skipped += 1
                continue
            if args.dry_run:
                LOG.info("would text ...%s for order %s", mobile[-4:], key)
                continue
            if client.send(mobile, body):
                sent.add(key)
                done += 1
    if not args.dry_run:
        save_sent(sent)
    LOG.info("sent %d, skipped %d", done, skipped)
    return 0


if __name__ == "__main__":
    sys.exit(main())
