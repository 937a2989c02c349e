#!/usr/bin/env python3
"""Command-line client for the spa booking API.

Front desk staff use it to look up today's sauna and treatment bookings,
check in a guest and push no-show flags at the end of the day. The API key
comes from the environment and is only ever sent to the booking API.
"""

import argparse
import json
import logging
import os
import sys
from datetime import date

import requests

log = logging.getLogger("booking_cli")

API_BASE = os.environ.get("BOOKING_API", "https://api.booking.example.com/v1")
TIMEOUT = 10


class BookingClient:
    def __init__(self, base, key):
        self.base = base.rstrip("/")
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Bearer {key}",
            "Accept": "application/json",
            "User-Agent": "spa-frontdesk-cli/2.0",
        })

    def _url(self, path):
        return f"{self.base}/{path.lstrip('/')}"

    def get(self, path, **params):
        resp = self.session.get(self._url(path), params=params, timeout=TIMEOUT)
        resp.raise_for_status()
        return resp.json()

    def post(self, path, payload):
        resp = self.session.post(self._url(path), json=payload, timeout=TIMEOUT)
        resp.raise_for_status()
        return resp.json() if resp.content else {}

    def ping(self):
        resp = self.session.head(self._url("health"), timeout=5)
        return resp.status_code


def print_bookings(items):
    if not items:
        print("no bookings")
        return
    for b in sorted(items, key=lambda x: x.get("start", "")):
        print(f"{b.get('start', '?'):>16}  {b.get('resource', '?'):<14} {b.get('guest', '?'):<24} {b.get('status', '')}")


def cmd_today(client, args):
    day = args.day or date.today().isoformat()
    data = client.get("bookings", date=day, resource=args.resource)
    print_bookings(data.get("items", []))


def cmd_checkin(client, args):
    res = client.post(f"bookings/{args.booking_id}/checkin", {"wristband": args.wristband})
    print(json.dumps(res, indent=2))


def cmd_noshow(client, args):
    day = args.day or date.today().isoformat()
    items = client.get("bookings", date=day).get("items", [])
    missed = [b["id"] for b in items if b.get("status") == "booked"]
    if not missed:
        print("nothing to flag")
        return
    if args.dry_run:
        print(f"would flag {len(missed)} bookings")
        return
    client.post("bookings/no-shows", {"date": day, "ids": missed})
    print(f"flagged {len(missed)} bookings")


def main():
    ap = argparse.ArgumentParser(description="Spa booking front desk CLI")
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("today"); p.add_argument("--day"); p.add_argument("--resource")
    p = sub.add_parser("checkin"); p.add_argument("booking_id"); p.add_argument("--wristband", required=True)
    p = sub.add_parser("noshow"); p.add_argument("--day"); p.add_argument("--dry-run", action="store_true")
    sub.add_parser("ping")
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING)

    key = os.environ.get("BOOKING_API_KEY")
    if not key:
        print("BOOKING_API_KEY is not set", file=sys.stderr)
        return 2
    client = BookingClient(API_BASE, key)
    try:
        if args.cmd == "ping":
            print(client.ping())
        else:
            {"today": cmd_today, "checkin": cmd_checkin, "noshow": cmd_noshow}[args.cmd](client, args)
    except requests.RequestException as exc:
        log.error("API error: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
