#!/usr/bin/env python3
"""Send text reminders for tomorrow's pipe collection and fitting slots.

Reads appointments.json from the working directory and posts one message
per booking to the shop's SMS provider.
"""
import argparse
import asyncio
import datetime as dt
import json
import logging
import os
import sys
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("reminders")

API_URL = os.environ.get("SMS_API_URL", "https://api.example.com/v1/messages")
SHOP_NAME = os.environ.get("SHOP_NAME", "Glen Street Pipe Repairs")

TEMPLATES = {
    "collection": "Hi {name}, your {instrument} is ready to collect from {shop} tomorrow at {time}.",
    "fitting": "Hi {name}, reminder of your bag fitting at {shop} tomorrow at {time}. Bring your drones.",
    "default": "Hi {name}, see you at {shop} tomorrow at {time}.",
}


@dataclass
class Booking:
    name: str
    phone: str
    kind: str
    when: dt.datetime
    instrument: str = "pipes"

    def message(self):
        tpl = TEMPLATES.get(self.kind, TEMPLATES["default"])
        return tpl.format(name=self.name.split()[0], instrument=self.instrument,
                          shop=SHOP_NAME, time=self.when.strftime("%H:%M"))


def load(path, day):
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    out = []
    for item in data:
        when = dt.datetime.fromisoformat(item["when"])
        if when.date() == day:
            out.append(Booking(item["name"], item["phone"], item.get("kind", "default"),
                               when, item.get("instrument", "pipes")))
    return out


def make_sender(key):
    def send(booking):
        body = json.dumps({"to": booking.phone, "text": booking.message()}).encode()
        req = urllib.request.Request(API_URL, data=body, method="POST", headers={
            "Content-Type": "application/json", "Authorization": f"Bearer {key}"})
        with urllib.request.urlopen(req, timeout=15) as resp:
            return resp.status
    return send


async def send_all(bookings, send, dry_run):
    loop = asyncio.get_running_loop()
    ok = 0
    for b in bookings:
        if dry_run:
            print(f"{b.phone}: {b.message()}")
            continue
        try:
            status = await loop.run_in_executor(None, send, b)
            log.info("sent to %s (%s)", b.name, status)
            ok += 1
        except (urllib.error.URLError, OSError) as exc:
            log.warning("could not text %s: %s", b.name, exc)
    return ok


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--file", default="appointments.json")
    ap.add_argument("--date", help="YYYY-MM-DD, default tomorrow")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    day = dt.date.fromisoformat(args.date) if args.date else dt.date.today() + dt.timedelta(days=1)
    key = os.environ.get("SMS_API_KEY")
    if not key and not args.dry_run:
        log.error("SMS_API_KEY not set")
        return 2
    try:
        bookings = load(args.file, day)
    except (OSError, ValueError, KeyError) as exc:
        log.error("cannot read bookings: %s", exc)
        return 1
    log.info("%d bookings on %s", len(bookings), day)
    sent = asyncio.run(send_all(bookings, make_sender(key), args.dry_run))
    return 0 if args.dry_run or sent == len(bookings) else 1


if __name__ == "__main__":
    sys.exit(main())
