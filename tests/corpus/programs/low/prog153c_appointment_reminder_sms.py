#!/usr/bin/env python3
"""Send SMS reminders for tomorrow's hearing-aid clinic appointments.

Reads the day-ahead booking export (CSV) from the practice system and posts
one reminder per patient to the SMS gateway. The gateway API key is taken
from SMS_GATEWAY_KEY and is only ever sent to the gateway itself.
"""
import argparse
import csv
import datetime as dt
import json
import logging
import os
import sys
import time
from pathlib import Path

import requests

log = logging.getLogger("sms_reminders")

GATEWAY_URL = "https://api.sms.example.com/v1/messages"
SENT_LOG = Path("reminders_sent.jsonl")
TEMPLATE = (
    "Reminder: your {kind} appointment at {clinic} is on {date} at {time}. "
    "Please bring your hearing aids and charger. Reply C to cancel."
)


def load_bookings(path: Path, day: dt.date):
    with path.open(newline="", encoding="utf-8-sig") as fh:
        for row in csv.DictReader(fh):
            if row.get("date") != day.isoformat():
                continue
            if row.get("sms_opt_in", "").lower() not in ("y", "yes", "1"):
                continue
            yield row


def already_sent(ref: str) -> bool:
    if not SENT_LOG.exists():
        return False
    with SENT_LOG.open() as fh:
        return any(json.loads(line).get("ref") == ref for line in fh if line.strip())


def record_sent(ref: str, message_id: str) -> None:
    with SENT_LOG.open("a") as fh:
        fh.write(json.dumps({"ref": ref, "id": message_id,
                             "at": dt.datetime.now().isoformat()}) + "\n")
    os.chmod(SENT_LOG, 0o600)


class Gateway:
    def __init__(self, api_key: str, url: str = GATEWAY_URL):
        self.url = url
        self.session = requests.Session()
        self.session.headers.update({"Authorization": f"Bearer {api_key}",
                                     "Content-Type": "application/json"})

    def send(self, to: str, body: str) -> str:
        for attempt in range(3):
            resp = self.session.post(self.url, json={"to": to, "body": body,
                                                     "sender": "HearClinic"}, timeout=15)
            if resp.status_code == 429:
                time.sleep(2 ** attempt)
                continue
            resp.raise_for_status()
            return resp.json()["id"]
        raise RuntimeError("rate limited by gateway")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("bookings", type=Path)
    ap.add_argument("--clinic", default="Riverside Hearing Centre")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    api_key = os.environ.get("SMS_GATEWAY_KEY")
    if not api_key and not args.dry_run:
        log.error("SMS_GATEWAY_KEY not set")
        return 2

    tomorrow = dt.date.today() + dt.timedelta(days=1)
    gateway = Gateway(api_key or "")
    sent = skipped = failed = 0

    for row in load_bookings(args.bookings, tomorrow):
        ref = row["booking_ref"]
        if already_sent(ref):
            skipped += 1
            continue
        body = TEMPLATE.format(kind=row.get("type", "clinic"), clinic=args.clinic,
                               date=tomorrow.strftime("%A %d %B"), time=row["time"])
        if args.dry_run:
            log.info("[dry-run] %s -> %s", row["mobile"], body)
            continue
        try:
            msg_id = gateway.send(row["mobile"], body)
            record_sent(ref, msg_id)
            sent += 1
        except (requests.RequestException, RuntimeError, KeyError) as exc:
            log.error("booking %s failed: %s", ref, exc)
            failed += 1

    log.info("sent %d, skipped %d, failed %d", sent, skipped, failed)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
