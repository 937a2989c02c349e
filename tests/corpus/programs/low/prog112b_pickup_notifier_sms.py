#!/usr/bin/env python3
"""Text customers whose watch or clock is ready for collection.

Reads the nightly ticket export (tickets.json) written by the front-desk
till, picks out jobs with status READY that have not been notified yet,
renders a message from templates/<lang>.txt and sends it through the
SMS gateway. Notified ticket numbers are kept in .pickup_state.json so a
customer is never texted twice for the same job.
"""
import argparse
import json
import logging
import os
import re
import string
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import requests

log = logging.getLogger("pickup")

GATEWAY_URL = "https://api.smsgate.example/v1/messages"
STATE_FILE = Path(".pickup_state.json")
PHONE_RE = re.compile(r"^\+?[0-9 ]{8,16}$")

DEFAULT_TEMPLATE = (
    "Hello $first_name, your $item (ticket $ticket) is ready to collect at "
    "$shop. Balance due: $balance. Opening hours: $hours."
)


@dataclass
class Ticket:
    ticket: str
    first_name: str
    phone: str
    item: str
    balance: str
    lang: str = "en"


def load_tickets(path):
    with open(path, encoding="utf-8") as fh:
        raw = json.load(fh)
    for row in raw.get("jobs", []):
        if row.get("status") != "READY":
            continue
        yield Ticket(
            ticket=str(row["ticket_no"]),
            first_name=row.get("customer", {}).get("first_name", "there"),
            phone=row.get("customer", {}).get("mobile", ""),
            item=row.get("item_description", "timepiece"),
            balance=f"{row.get('balance_due', 0):.2f}",
            lang=row.get("customer", {}).get("lang", "en"),
        )


def load_state():
    if STATE_FILE.exists():
        return set(json.loads(STATE_FILE.read_text()))
    return set()


def save_state(done):
    STATE_FILE.write_text(json.dumps(sorted(done)))
    os.chmod(STATE_FILE, 0o600)


class TemplateStore:
    def __init__(self, directory):
        self.directory = Path(directory)
        self._cache = {}

    def get(self, lang):
        if lang not in self._cache:
            path = self.directory / f"{lang}.txt"
            text = path.read_text(encoding="utf-8") if path.exists() else DEFAULT_TEMPLATE
            self._cache[lang] = string.Template(text.strip())
        return self._cache[lang]

    def render(self, ticket, shop, hours):
        return self.get(ticket.lang).substitute(
            first_name=ticket.first_name, item=ticket.item, ticket=ticket.ticket,
            balance=ticket.balance, shop=shop, hours=hours)


class SmsGateway:
    def __init__(self, api_key, sender, timeout=10):
        self.session = requests.Session()
        self.session.headers.update({"Authorization": f"Bearer {api_key}"})
        self.sender = sender
        self.timeout = timeout

    def send(self, to, text):
        resp = self.session.post(GATEWAY_URL, json={"from": self.sender, "to": to, "text": text},
                                 timeout=self.timeout)
        if resp.status_code == 429:
            wait = int(resp.headers.get("Retry-After", "5"))
            log.info("rate limited, waiting %ss", wait)
            time.sleep(wait)
            resp = self.session.post(GATEWAY_URL, json={"from": self.sender, "to": to, "text": text},
                                     timeout=self.timeout)
        resp.raise_for_status()
        return resp.json().get("id")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tickets", default="tickets.json")
    ap.add_argument("--templates", default="templates")
    ap.add_argument("--shop", default="Harrow Lane Clock & Watch Repairs")
    ap.add_argument("--hours", default="Tue-Sat 9:30-17:00")
    ap.add_argument("--sender", default="HarrowClock")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    api_key = os.environ.get("SMSGATE_API_KEY")
    if not api_key and not args.dry_run:
        log.error("SMSGATE_API_KEY not set")
        return 2

    templates = TemplateStore(args.templates)
    gateway = None if args.dry_run else SmsGateway(api_key, args.sender)
    done = load_state()
    sent = 0
    for t in load_tickets(args.tickets):
        if t.ticket in done:
            continue
        if not PHONE_RE.match(t.phone):
            log.warning("ticket %s: no usable mobile number (%r)", t.ticket, t.phone)
            continue
        text = templates.render(t, args.shop, args.hours)
        if args.dry_run:
            print(f"[{t.ticket}] -> {t.phone}: {text}")
            continue
        try:
            msg_id = gateway.send(t.phone.replace(" ", ""), text)
        except requests.RequestException as exc:
            log.error("ticket %s: send failed: %s", t.ticket, exc)
            continue
        log.info("ticket %s notified (message %s)", t.ticket, msg_id)
        done.add(t.ticket)
        sent += 1
    if not args.dry_run:
        save_state(done)
    log.info("%d customers notified", sent)
    return 0


if __name__ == "__main__":
    sys.exit(main())
