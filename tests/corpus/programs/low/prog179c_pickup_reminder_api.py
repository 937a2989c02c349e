#!/usr/bin/env python3
"""Send "your order is ready" SMS reminders to customers.

Reads the ready-for-pickup export from the POS and sends one reminder per
customer through the SMS provider's REST API. Customers already reminded
in the last three days are skipped.
"""
import argparse
import csv
import datetime as dt
import json
import logging
import os
import urllib.error
import urllib.request
from pathlib import Path

log = logging.getLogger("reminders")

API_BASE = os.environ.get("SMS_API_BASE", "https://api.sms-gateway.example.com/v1")
SENDER = os.environ.get("SMS_SENDER", "SparkleDC")
STATE_FILE = Path(os.environ.get("REMINDER_STATE", "reminder_state.json"))
REMIND_EVERY = dt.timedelta(days=3)

TEMPLATE = ("Hi {first}, your {count} item(s) at Sparkle Dry Cleaning are ready "
            "for pickup (ticket {ticket}). Open until 7pm.")


class SmsClient:
    def __init__(self, base, api_key):
        self.base = base.rstrip("/")
        self.api_key = api_key

    def send(self, to, text):
        body = json.dumps({"from": SENDER, "to": to, "text": text}).encode()
        req = urllib.request.Request(
            f"{self.base}/messages", data=body, method="POST",
            headers={"Content-Type": "application/json",
                     "Authorization": f"Bearer {self.api_key}"})
        with urllib.request.urlopen(req, timeout=15) as resp:
            return json.loads(resp.read() or b"{}")


def load_state():
    return json.loads(STATE_FILE.read_text()) if STATE_FILE.exists() else {}


def save_state(state):
    STATE_FILE.write_text(json.dumps(state, indent=1))
    os.chmod(STATE_FILE, 0o600)


def group_ready(export):
    customers = {}
    with open(export, newline="") as fh:
        for row in csv.DictReader(fh):
            if row["status"] != "ready" or not row.get("phone"):
                continue
            c = customers.setdefault(row["phone"], {"name": row["name"], "tickets": []})
            c["tickets"].append(row["ticket"])
    return customers


def due(state, phone, now):
    last = state.get(phone)
    return last is None or now - dt.datetime.fromisoformat(last) >= REMIND_EVERY


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("export", type=Path)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    api_key = os.environ.get("SMS_API_KEY")
    if not api_key and not args.dry_run:
        ap.error("SMS_API_KEY is not set")

    client = SmsClient(API_BASE, api_key or "")
    state, now, sent = load_state(), dt.datetime.now(), 0
    for phone, c in group_ready(args.export).items():
        if not due(state, phone, now):
            continue
        text = TEMPLATE.format(first=c["name"].split()[0], count=len(c["tickets"]),
                               ticket=c["tickets"][0])
        if args.dry_run:
            print(f"{phone}: {text}")
            continue
        try:
            client.send(phone, text)
            state[phone] = now.isoformat(timespec="seconds")
            sent += 1
        except urllib.error.URLError as exc:
            log.error("failed to send to %s: %s", phone, exc)
    if not args.dry_run:
        save_state(state)
    log.info("%d reminder(s) sent", sent)


if __name__ == "__main__":
    main()
