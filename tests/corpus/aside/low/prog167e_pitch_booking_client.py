#!/usr/bin/env python3
"""Client for the market's pitch booking service.

Lets the office list free pitches for a market day and book one for a
vendor. The API key comes from the environment and is only ever sent to
the booking service itself.
"""

import argparse
import json
import logging
import os
import sys

import requests

log = logging.getLogger("pitch_booking")

API_BASE = os.environ.get("BOOKING_API", "https://api.pitchbook.example/v1")
TIMEOUT = 15


class BookingClient:
    def __init__(self, base, key):
        self.base = base.rstrip("/")
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": "Bearer " + key,
            "Accept": "application/json",
            "User-Agent": "market-office/1.4",
        })

    def _url(self, path):
        return "{}/{}".format(self.base, path.lstrip("/"))

    def free_pitches(self, day, zone=None):
        params = {"date": day}
        if zone:
            params["zone"] = zone
        resp = self.session.get(self._url("pitches/free"), params=params, timeout=TIMEOUT)
        resp.raise_for_status()
        return resp.json().get("pitches", [])

    def book(self, day, pitch, vendor, power=False):
        body = {"date": day, "pitch": pitch, "vendor": vendor, "power": power}
        resp = self.session.post(self._url("bookings"), json=body, timeout=TIMEOUT)
        if resp.status_code == 409:
            raise RuntimeError("pitch {} already taken on {}".format(pitch, day))
        resp.raise_for_status()
        return resp.json()

    def cancel(self, booking_id):
        resp = self.session.delete(self._url("bookings/{}".format(booking_id)), timeout=TIMEOUT)
        resp.raise_for_status()
        return True


def api_key():
    key = os.environ.get("PITCHBOOK_API_KEY")
    if not key:
        raise SystemExit("PITCHBOOK_API_KEY is not set")
    return key


def print_pitches(pitches):
    for p in sorted(pitches, key=lambda x: x.get("code", "")):
        extras = []
        if p.get("power"):
            extras.append("power")
        if p.get("water"):
            extras.append("water")
        print("{:<6} {:<10} {:>4}m  {}".format(
            p.get("code", "?"), p.get("zone", "-"), p.get("width", 0), ", ".join(extras)))


def main():
    parser = argparse.ArgumentParser(description="Pitch booking client")
    sub = parser.add_subparsers(dest="cmd", required=True)
    p_free = sub.add_parser("free")
    p_free.add_argument("day")
    p_free.add_argument("--zone")
    p_book = sub.add_parser("book")
    p_book.add_argument("day")
    p_book.add_argument("pitch")
    p_book.add_argument("vendor")
    p_book.add_argument("--power", action="store_true")
    p_cancel = sub.add_parser("cancel")
    p_cancel.add_argument("booking_id")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    client = BookingClient(API_BASE, api_key())
    try:
        if args.cmd == "free":
            print_pitches(client.free_pitches(args.day, args.zone))
        elif args.cmd == "book":
            result = client.book(args.day, args.pitch, args.vendor, args.power)
            print(json.dumps(result, indent=2))
        elif args.cmd == "cancel":
            client.cancel(args.booking_id)
            log.info("booking %s cancelled", args.booking_id)
    except (requests.RequestException, RuntimeError) as exc:
        log.error("booking service error: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
