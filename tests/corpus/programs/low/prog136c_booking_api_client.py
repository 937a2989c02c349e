#!/usr/bin/env python3
"""Class booking API client.

Small CLI used at the front desk to list upcoming classes and book a member
into one through the studio's booking service. The API key is read from the
environment so it never ends up in the shared scripts folder.
"""
import argparse
import json
import logging
import os
import sys

import requests

log = logging.getLogger("booking-client")

API_BASE = os.environ.get("BOOKING_API_URL", "https://api.example.com/v1")
TIMEOUT = 10


class BookingClient:
    def __init__(self, base, api_key):
        self.base = base.rstrip("/")
        self.session = requests.Session()
        # the key is only ever attached to requests for this API
        self.session.headers.update({
            "Authorization": f"Bearer {api_key}",
            "Accept": "application/json",
        })

    def _url(self, path):
        return f"{self.base}/{path.lstrip('/')}"

    def upcoming(self, days=7):
        resp = self.session.get(self._url("classes"), params={"days": days},
                                timeout=TIMEOUT)
        resp.raise_for_status()
        return resp.json().get("classes", [])

    def book(self, class_id, member_id, note=""):
        payload = {"class_id": class_id, "member_id": member_id, "note": note}
        resp = self.session.post(self._url("bookings"), json=payload, timeout=TIMEOUT)
        if resp.status_code == 409:
            raise ValueError("class is full or member already booked")
        resp.raise_for_status()
        return resp.json()


def print_classes(classes):
    if not classes:
        print("no classes in that window")
        return
    for c in classes:
        spots = c.get("capacity", 0) - c.get("booked", 0)
        print(f"{c['id']:>5}  {c['start']:<17} {c['title']:<30} {spots:>2} spots left")


def main(argv=None):
    ap = argparse.ArgumentParser(description="Studio class bookings")
    sub = ap.add_subparsers(dest="cmd", required=True)
    ls = sub.add_parser("list", help="show upcoming classes")
    ls.add_argument("--days", type=int, default=7)
    bk = sub.add_parser("book", help="book a member into a class")
    bk.add_argument("class_id", type=int)
    bk.add_argument("member_id", type=int)
    bk.add_argument("--note", default="")
    ap.add_argument("--json", action="store_true", help="print raw JSON")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    api_key = os.environ.get("BOOKING_API_KEY")
    if not api_key:
        log.error("set BOOKING_API_KEY first")
        return 1

    client = BookingClient(API_BASE, api_key)
    try:
        if args.cmd == "list":
            classes = client.upcoming(args.days)
            if args.json:
                print(json.dumps(classes, indent=2))
            else:
                print_classes(classes)
        else:
            result = client.book(args.class_id, args.member_id, args.note)
            log.info("booked: confirmation %s", result.get("confirmation"))
    except ValueError as exc:
        log.error("%s", exc)
        return 2
    except requests.RequestException as exc:
        log.error("booking service error: %s", exc)
        return 3
    return 0


if __name__ == "__main__":
    sys.exit(main())
