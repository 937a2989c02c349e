#!/usr/bin/env python3
"""Send pickup reminder texts for garments that have been ready for a while.

Reads ready_tickets.csv (exported by the till each evening), picks tickets
that have waited at least N days and have not been reminded recently, and
sends one SMS per customer through the gateway's JSON API.
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

log = logging.getLogger("reminders")

API_URL = "https://sms.example.com/v2/messages"
SENT_LOG = Path("reminders_sent.json")
TEMPLATE = ("Hi {name}, your {items} item(s) on ticket {ticket} are ready at "
            "Example Cleaners. Open 8-6 Mon-Sat.")


class SmsClient:
    def __init__(self, api_key, sender, timeout=10):
        self.session = requests.Session()
        self.session.headers.update({"Authorization": "Bearer " + api_key,
                                     "Content-Type": "application/json"})
        self.sender = sender
        self.timeout = timeout

    def send(self, to, text):
        body = {"from": self.sender, "to": to, "text": text}
        r = self.session.post(API_URL, data=json.dumps(body), timeout=self.timeout)
        r.raise_for_status()
        return r.json().get("id")


def load_sent():
    if SENT_LOG.exists():
        return json.loads(SENT_LOG.read_text())
    return {}


def save_sent(sent):
    tmp = SENT_LOG.with_suffix(".tmp")
    tmp.write_text(json.dumps(sent, indent=1))
    tmp.replace(SENT_LOG)


def due(rows, min_days, sent, today):
    for row in rows:
        ready = dt.date.fromisoformat(row["ready_date"])
        if (today - ready).days < min_days:
            continue
        last = sent.get(row["ticket"])
        if last and (today - dt.date.fromisoformat(last)).days < 7:
            continue
        yield row


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--csv", default="ready_tickets.csv")
    ap.add_argument("--min-days", type=int, default=5)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    api_key = os.environ.get("SMS_API_KEY")
    if not api_key and not args.dry_run:
        log.error("SMS_API_KEY is not set")
        return 2
    client = SmsClient(api_key or "", os.environ.get("SMS_SENDER", "CLEANERS"))

    try:
        with open(args.csv, newline="", encoding="utf-8") as fh:
            rows = list(csv.DictReader(fh))
    except OSError as exc:
        log.error("cannot read %s: %s", args.csv, exc)
        return 1

    sent = load_sent()
    today = dt.date.today()
    count = 0
    for row in due(rows, args.min_days, sent, today):
        text = TEMPLATE.format(name=row["name"].split()[0], items=row["items"],
                               ticket=row["ticket"])
        if args.dry_run:
            print(row["phone"], "|", text)
            continue
        try:
            msg_id = client.send(row["phone"], text)
            sent[row["ticket"]] = today.isoformat()
            count += 1
            log.info("ticket %s reminded (%s)", row["ticket"], msg_id)
        except requests.RequestException as exc:
            log.warning("ticket %s failed: %s", row["ticket"], exc)
        time.sleep(0.5)  # gateway rate limit

    if not args.dry_run:
        save_sent(sent)
    log.info("%d reminders sent", count)
    return 0


if __name__ == "__main__":
    sys.exit(main())
