#!/usr/bin/env python3
"""Send the sample-sale announcement to opted-in clients.

Reads the opted-in list exported from the CRM, builds one message per
client and sends them through the shop's mailing provider API.
"""
import argparse
import csv
import logging
import os
import sys
import time
from pathlib import Path

import requests

LOG = logging.getLogger("salenotify")

MAILER = {
    "endpoint": "https://api.mailpost.example/v3/messages",
    "from": "hello@ivorylane.example",
    "key_env": "MAILPOST_API_KEY",
    "batch": 50,
    "pause": 1.0,
}

SUBJECT = "Ivory Lane sample sale - {date}"
BODY = (
    "Hi {first},\n\n"
    "Our sample sale opens on {date}. Sample gowns from up to 60% off,\n"
    "veils and accessories from 30% off. Book a slot: {link}\n\n"
    "Ivory Lane Bridal\n"
)


def load_clients(path):
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            if row.get("opt_in", "").lower() in {"yes", "1", "true"} and row.get("email"):
                yield row


def message_for(client, sale_date, link):
    first = (client.get("first_name") or "there").strip()
    return {
        "from": MAILER["from"],
        "to": client["email"].strip(),
        "subject": SUBJECT.format(date=sale_date),
        "text": BODY.format(first=first, date=sale_date, link=link),
        "tags": ["sample-sale"],
    }


def batches(items, size):
    batch = []
    for item in items:
        batch.append(item)
        if len(batch) == size:
            yield batch
            batch = []
    if batch:
        yield batch


class Mailer:
    def __init__(self, api_key):
        self.session = requests.Session()
        self.session.headers["Authorization"] = f"Bearer {api_key}"

    def send(self, messages):
        resp = self.session.post(MAILER["endpoint"], json={"messages": messages}, timeout=30)
        resp.raise_for_status()
        return resp.json().get("accepted", len(messages))


def main():
    parser = argparse.ArgumentParser(description="Announce the sample sale")
    parser.add_argument("--clients", type=Path, default=Path("exports/opted_in_clients.csv"))
    parser.add_argument("--date", required=True, help="sale date as it should appear")
    parser.add_argument("--link", default="https://ivorylane.example/sample-sale")
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    api_key = os.environ.get(MAILER["key_env"])
    if not api_key and not args.dry_run:
        LOG.error("%s is not set", MAILER["key_env"])
        return 1
    messages = [message_for(c, args.date, args.link) for c in load_clients(args.clients)]
    LOG.info("%d clients opted in", len(messages))
    if args.dry_run:
        print(messages[0]["text"] if messages else "nobody to send to")
        return 0

    mailer = Mailer(api_key)
    sent = 0
    for batch in batches(messages, MAILER["batch"]):
        try:
            sent += mailer.send(batch)
        except requests.RequestException as exc:
            LOG.warning("batch failed: %s", exc)
        time.sleep(MAILER["pause"])
    LOG.info("sent %d of %d", sent, len(messages))
    return 0


if __name__ == "__main__":
    sys.exit(main())
