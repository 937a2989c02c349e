#!/usr/bin/env python3
"""Party booking API client.

Command line client for the booking service: list the open lane slots
for a date and create a party booking. Slot lists are cached on disk for
a few minutes so the front desk doesn't hammer the API.
"""

import argparse
import hashlib
import json
import logging
import os
import sys
import time
from pathlib import Path

import requests

log = logging.getLogger("booking-client")

API_BASE = "https://api.example.com/bowling/v2"
CACHE_DIR = Path(".booking_cache")
CACHE_TTL = 300


class BookingClient:
    def __init__(self, api_key, timeout=10):
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Bearer {api_key}",
            "Accept": "application/json",
        })
        self.timeout = timeout

    def _cache_path(self, url, params):
        raw = url + json.dumps(params, sort_keys=True)
        key = hashlib.md5(raw.encode()).hexdigest()
        return CACHE_DIR / f"{key}.json"

    def get_cached(self, path, params):
        url = f"{API_BASE}{path}"
        cache_file = self._cache_path(url, params)
        if cache_file.exists() and time.time() - cache_file.stat().st_mtime < CACHE_TTL:
            return json.loads(cache_file.read_text())
        resp = self.session.get(url, params=params, timeout=self.timeout)
        resp.raise_for_status()
        data = resp.json()
        CACHE_DIR.mkdir(exist_ok=True)
        cache_file.write_text(json.dumps(data))
        os.chmod(cache_file, 0o600)
        return data

    def open_slots(self, date, lanes_needed):
        data = self.get_cached("/slots", {"date": date, "lanes": lanes_needed})
        return data.get("slots", [])

    def create_booking(self, booking):
        resp = self.session.post(f"{API_BASE}/bookings", json=booking,
                                 timeout=self.timeout)
        if resp.status_code == 409:
            raise ValueError("slot was taken, refresh and try again")
        resp.raise_for_status()
        return resp.json()


def cmd_slots(client, args):
    slots = client.open_slots(args.date, args.lanes)
    if not slots:
        print("no open slots")
        return
    for s in slots:
        print(f"{s['start']}-{s['end']}  lanes {', '.join(map(str, s['lanes']))}")


def cmd_book(client, args):
    booking = {
        "date": args.date,
        "start": args.start,
        "lanes": args.lanes,
        "guests": args.guests,
        "contact": {"name": args.name, "phone": args.phone},
        "package": args.package,
    }
    result = client.create_booking(booking)
    print(f"booked: reference {result.get('reference')}")


def main():
    parser = argparse.ArgumentParser(description="Party booking client")
    sub = parser.add_subparsers(dest="cmd", required=True)
    p_slots = sub.add_parser("slots")
    p_slots.add_argument("date")
    p_slots.add_argument("--lanes", type=int, default=1)
    p_book = sub.add_parser("book")
    p_book.add_argument("date")
    p_book.add_argument("start")
    p_book.add_argument("--lanes", type=int, default=2)
    p_book.add_argument("--guests", type=int, default=10)
    p_book.add_argument("--name", required=True)
    p_book.add_argument("--phone", required=True)
    p_book.add_argument("--package", default="classic")
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(message)s")
    api_key = os.environ.get("BOOKING_API_KEY")
    if not api_key:
        log.error("set BOOKING_API_KEY first")
        return 1

    client = BookingClient(api_key)
    try:
        {"slots": cmd_slots, "book": cmd_book}[args.cmd](client, args)
    except (requests.RequestException, ValueError) as exc:
        log.error("request failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
