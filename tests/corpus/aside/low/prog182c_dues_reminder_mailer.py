#!/usr/bin/env python3
"""Send membership dues reminders.

Reads the treasurer's dues ledger and sends a polite reminder through the
band's transactional mail provider to every member whose subscription for
the season is still outstanding.
"""
import argparse
import csv
import logging
import os
import sys
from datetime import date
from pathlib import Path

import requests

LOG = logging.getLogger("duesmail")

MAIL_API = os.environ.get("MAIL_API_URL", "https://api.mailer.example.com/v3/send")
SENDER = os.environ.get("DUES_SENDER", "treasurer@strathbrae-pipeband.example.org")
LEDGER = Path(os.environ.get("DUES_LEDGER", "dues_ledger.csv"))

TEMPLATE = """Dear {first},

Just a friendly reminder that your {season} band subscription of
GBP {amount} is still outstanding. You can pay by bank transfer or hand it
to me at Thursday practice.

Thanks for all your playing this season.

Fiona
Treasurer, Strathbrae Pipe Band
"""


class Mailer:
    def __init__(self, api_url, api_key, sender):
        self.api_url = api_url
        self.sender = sender
        self.session = requests.Session()
        self.session.headers.update({"Authorization": f"Bearer {api_key}"})

    def send(self, to, subject, body):
        msg = {"from": self.sender, "to": [to], "subject": subject, "text": body}
        resp = self.session.post(self.api_url, json=msg, timeout=20)
        resp.raise_for_status()
        return resp.json().get("id")


def outstanding(ledger):
    with ledger.open(newline="") as fh:
        for row in csv.DictReader(fh):
            if row.get("paid", "").strip().lower() not in ("yes", "y", "1"):
                yield row


def main():
    ap = argparse.ArgumentParser(description="Email dues reminders")
    ap.add_argument("--season", default=str(date.today().year))
    ap.add_argument("--ledger", type=Path, default=LEDGER)
    ap.add_argument("-n", "--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    api_key = os.environ.get("MAIL_API_KEY")
    if not api_key and not args.dry_run:
        LOG.error("MAIL_API_KEY is not set")
        return 2
    if not args.ledger.exists():
        LOG.error("ledger %s not found", args.ledger)
        return 1

    mailer = Mailer(MAIL_API, api_key or "", SENDER)
    sent = 0
    for member in outstanding(args.ledger):
        body = TEMPLATE.format(first=member.get("first_name", "piper"),
                               season=args.season,
                               amount=member.get("amount_due", "60.00"))
        subject = f"Band subscription {args.season} - reminder"
        if args.dry_run:
            print(f"--- to {member['email']} ---\n{body}")
            continue
        try:
            msg_id = mailer.send(member["email"], subject, body)
            LOG.info("sent to %s (%s)", member["email"], msg_id)
            sent += 1
        except requests.RequestException as exc:
            LOG.warning("failed for %s: %s", member.get("email"), exc)
    LOG.info("%d reminder(s) sent", sent)
    return 0


if __name__ == "__main__":
    sys.exit(main())
