#!/usr/bin/env python3
"""Push new course and trip bookings from the desk spreadsheet to the booking API.

Reads bookings exported as CSV from the front desk, validates them, and
posts each new one to the shop's booking API. Keeps a small local state
file of what has already been pushed so reruns are idempotent.
"""
import argparse
import csv
import json
import logging
import os
import sys
import tempfile
from pathlib import Path

import requests

LOG = logging.getLogger("booking_push")

API_BASE = os.environ.get("BOOKING_API", "https://bookings.example.com/api/v1")
STATE_FILE = Path("pushed_bookings.json")
REQUIRED = ("booking_ref", "name", "email", "product", "date")


def load_state():
    if STATE_FILE.exists():
        return set(json.loads(STATE_FILE.read_text()))
    return set()


def save_state(refs):
    # write atomically next to the real file, then restrict it to this user
    fd, tmp = tempfile.mkstemp(prefix=".pushed_", suffix=".json", dir=".")
    try:
        with os.fdopen(fd, "w") as fh:
            json.dump(sorted(refs), fh)
        os.chmod(tmp, 0o600)
        os.replace(tmp, STATE_FILE)
    except OSError:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def read_bookings(path):
    with open(path, newline="", encoding="utf-8-sig") as fh:
        for row in csv.DictReader(fh):
            missing = [f for f in REQUIRED if not row.get(f)]
            if missing:
                LOG.warning("row %s missing %s", row.get("booking_ref", "?"), ", ".join(missing))
                continue
            yield row


class BookingClient:
    def __init__(self, base, api_key):
        self.base = base.rstrip("/")
        self.session = requests.Session()
        self.session.headers.update({"Authorization": f"Bearer {api_key}", "Accept": "application/json"})

    def push(self, booking):
        payload = {
            "reference": booking["booking_ref"],
            "customer": {"name": booking["name"], "email": booking["email"]},
            "product": booking["product"],
            "date": booking["date"],
            "pax": int(booking.get("pax") or 1),
            "notes": booking.get("notes", ""),
        }
        resp = self.session.post(f"{self.base}/bookings", json=payload, timeout=20)
        if resp.status_code == 409:
            LOG.info("%s already exists upstream", booking["booking_ref"])
            return True
        resp.raise_for_status()
        return True


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("csv", help="desk export")
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    api_key = os.environ.get("BOOKING_API_KEY")
    if not api_key:
        LOG.error("BOOKING_API_KEY not set")
        return 1

    done = load_state()
    client = BookingClient(API_BASE, api_key)
    pushed = 0
    for booking in read_bookings(args.csv):
        ref = booking["booking_ref"]
        if ref in done:
            continue
        if args.dry_run:
            LOG.info("would push %s (%s, %s)", ref, booking["product"], booking["date"])
            continue
        try:
            client.push(booking)
            done.add(ref)
            pushed += 1
        except requests.RequestException as exc:
            LOG.error("push of %s failed: %s", ref, exc)

    if not args.dry_run:
        save_state(done)
    LOG.info("pushed %d new bookings", pushed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
