#!/usr/bin/env python3
"""Recall and appointment reminder batch for the front desk PC.

Reads the nightly appointment export from the practice-management system
(CSV), sends an SMS reminder through the clinic's SMS gateway to each
patient due in the reminder window, and records what was sent so nobody is
texted twice. Each message carries a short confirmation code the patient
can reply with.

Meant to be started by the office manager each morning, or left running in
a terminal with --interval.
"""

import argparse
import csv
import datetime as dt
import json
import logging
import os
import random
import string
import sys
import time
from pathlib import Path

import requests

LOG = logging.getLogger("recall")

STATE_FILE = Path("reminders_sent.json")
SMS_API = os.environ.get("SMS_GATEWAY_URL", "https://api.sms-gateway.example.com/v2/messages")
TEMPLATE = ("Hi {first}, this is {clinic}: reminder of your {kind} on {when}. "
            "Reply C {code} to confirm or call {phone} to reschedule.")


class ReminderStore:
    def __init__(self, path=STATE_FILE):
        self.path = path
        self.sent = json.loads(path.read_text()) if path.exists() else {}

    def seen(self, appt_id):
        return appt_id in self.sent

    def mark(self, appt_id, code):
        self.sent[appt_id] = {"code": code, "at": dt.datetime.now().isoformat(timespec="seconds")}
        self.path.write_text(json.dumps(self.sent, indent=2))


def confirmation_code(length=6):
    alphabet = string.ascii_uppercase + string.digits
    return "".join(random.choice(alphabet) for _ in range(length))


def due_appointments(csv_path, hours_ahead):
    now = dt.datetime.now()
    horizon = now + dt.timedelta(hours=hours_ahead)
    with open(csv_path, newline="", encoding="utf-8-sig") as fh:
        for row in csv.DictReader(fh):
            try:
                start = dt.datetime.strptime(row["start"], "%Y-%m-%d %H:%M")
            except (KeyError, ValueError):
                LOG.warning("bad row skipped: %s", row.get("appt_id"))
                continue
            if now < start <= horizon and row.get("mobile") and row.get("sms_opt_in") == "Y":
                yield row, start


def send_sms(session, to, text):
    resp = session.post(SMS_API, json={"to": to, "body": text, "sender": "CLINIC"}, timeout=20)
    resp.raise_for_status()
    return resp.json().get("id")


def run_cycle(args, store, session):
    sent = 0
    for row, start in due_appointments(args.export, args.hours):
        appt_id = row["appt_id"]
        if store.seen(appt_id):
            continue
        code = confirmation_code()
        text = TEMPLATE.format(first=row.get("first_name", "there"), clinic=args.clinic,
                               kind=row.get("type", "appointment").lower(),
                               when=start.strftime("%a %d %b at %H:%M"), code=code,
                               phone=args.phone)
        if args.dry_run:
            LOG.info("appt %s: would send to %s: %s", appt_id, row["mobile"], text)
            continue
        try:
            msg_id = send_sms(session, row["mobile"], text)
        except requests.RequestException as exc:
            LOG.error("appt %s: SMS failed: %s", appt_id, exc)
            continue
        store.mark(appt_id, code)
        LOG.info("appt %s: reminder queued as %s", appt_id, msg_id)
        sent += 1
    return sent


def main(argv=None):
    argv = sys.argv if argv is None else argv
    p = argparse.ArgumentParser(description="Send SMS reminders for upcoming appointments")
    p.add_argument("--export", default="appointments_export.csv")
    p.add_argument("--hours", type=int, default=36, help="reminder window in hours")
    p.add_argument("--clinic", default="Lakeside Dental")
    p.add_argument("--phone", default="555-0142")
    p.add_argument("--interval", type=int, default=0, help="repeat every N seconds (0 = once)")
    p.add_argument("--dry-run", action="store_true")
    args = p.parse_args(argv[1:])

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s",
                        handlers=[logging.FileHandler("recall.log"), logging.StreamHandler()])

    key = os.environ.get("SMS_GATEWAY_KEY")
    if not key and not args.dry_run:
        LOG.error("SMS_GATEWAY_KEY not set")
        return 2

    session = requests.Session()
    session.headers.update({"Authorization": f"Bearer {key}"})
    store = ReminderStore()

    while True:
        if Path(args.export).exists():
            LOG.info("cycle: %d reminders sent", run_cycle(args, store, session))
        else:
            LOG.warning("export %s not found yet", args.export)
        if args.interval <= 0:
            return 0
        time.sleep(args.interval)


if __name__ == "__main__":
    sys.exit(main())
