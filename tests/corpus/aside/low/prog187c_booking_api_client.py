#!/usr/bin/env python3
"""Pushes walk-up ride bookings from the kiosk to the online booking API.

Walk-up bookings are queued in a local JSON file while the hut is
offline and sent to the booking service when the line is back.
"""
import argparse
import json
import logging
import os
import sys
import time
from pathlib import Path

import requests

LOG = logging.getLogger("booking-client")

API_BASE = os.environ.get("BOOKING_API_BASE", "https://api.bookings.donkeyrides-bay.example.com/v1")
QUEUE_FILE = Path(os.environ.get("BOOKING_QUEUE", "walkup_queue.json"))


class BookingClient:
    def __init__(self, base, api_key):
        self.base = base.rstrip("/")
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": "Bearer {}".format(api_key),
            "User-Agent": "donkey-kiosk/1.4",
        })

    def health(self):
        r = self.session.get(self.base + "/health", timeout=5)
        return r.status_code == 200

    def create(self, booking):
        r = self.session.post(self.base + "/bookings", json=booking, timeout=15)
        if r.status_code == 409:
            LOG.info("booking %s already on server", booking.get("ref"))
            return True
        r.raise_for_status()
        LOG.info("created booking %s -> %s", booking.get("ref"), r.json().get("id"))
        return True


def load_queue(path):
    if not path.exists():
        return []
    with path.open() as fh:
        return json.load(fh)


def save_queue(path, items):
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(items, indent=2))
    tmp.replace(path)
    os.chmod(path, 0o600)


def main():
    parser = argparse.ArgumentParser(description="Send queued walk-up bookings")
    parser.add_argument("--queue", type=Path, default=QUEUE_FILE)
    parser.add_argument("--retry", type=int, default=3)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    api_key = os.environ.get("BOOKING_API_KEY")
    if not api_key:
        LOG.error("BOOKING_API_KEY is not set")
        return 2

    client = BookingClient(API_BASE, api_key)
    for attempt in range(args.retry):
        try:
            if client.health():
                break
        except requests.RequestException as exc:
            LOG.warning("API not reachable: %s", exc)
        time.sleep(5 * (attempt + 1))
    else:
        LOG.error("booking API still down, keeping queue")
        return 1

    pending = load_queue(args.queue)
    remaining = []
    for booking in pending:
        try:
            client.create(booking)
        except requests.RequestException as exc:
            LOG.warning("failed to send %s: %s", booking.get("ref"), exc)
            remaining.append(booking)
    save_queue(args.queue, remaining)
    LOG.info("sent %d, %d left in queue", len(pending) - len(remaining), len(remaining))
    return 0


if __name__ == "__main__":
    sys.exit(main())
