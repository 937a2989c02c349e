#!/usr/bin/env python3
"""Sync press bookings from the booking service into a shared calendar file.

Pulls this week's bookings from the co-op booking API, writes an .ics file
the studio manager subscribes to, and posts back a "synced" marker so the
booking service can show when the calendar was last refreshed.
"""
import argparse
import json
import logging
import os
import sys
import tempfile
from datetime import date, datetime, timedelta

import requests

LOG = logging.getLogger("calsync")

API_BASE = os.environ.get("BOOKING_API_BASE", "https://booking.example.com/api/v2")
STATE_FILE = ".calsync_state.json"
TIMEOUT = 10


class BookingClient:
    def __init__(self, base, api_key):
        self.base = base.rstrip("/")
        self.session = requests.Session()
        # the key only ever goes to the booking service itself
        self.session.headers.update({"Authorization": f"Bearer {api_key}",
                                     "Accept": "application/json"})

    def bookings(self, start, end):
        resp = self.session.get(f"{self.base}/bookings",
                                params={"from": start.isoformat(), "to": end.isoformat()},
                                timeout=TIMEOUT)
        resp.raise_for_status()
        return resp.json().get("bookings", [])

    def mark_synced(self, count):
        body = {"client": "calsync", "synced_at": datetime.utcnow().isoformat() + "Z",
                "count": count}
        resp = self.session.post(f"{self.base}/sync-status", json=body, timeout=TIMEOUT)
        resp.raise_for_status()


def to_ics(bookings):
    lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//coop//press bookings//EN"]
    for b in bookings:
        start = datetime.fromisoformat(b["start"])
        end = start + timedelta(minutes=int(b.get("minutes", 60)))
        lines += [
            "BEGIN:VEVENT",
            f"UID:{b['id']}@booking.example.com",
            f"DTSTART:{start:%Y%m%dT%H%M%S}",
            f"DTEND:{end:%Y%m%dT%H%M%S}",
            f"SUMMARY:{b['press']} - {b.get('member_name', 'member')}",
            "END:VEVENT",
        ]
    lines.append("END:VCALENDAR")
    return "\r\n".join(lines) + "\r\n"


def atomic_write(path, text, mode=None):
    folder = os.path.dirname(os.path.abspath(path))
    with tempfile.NamedTemporaryFile("w", dir=folder, delete=False, suffix=".part") as tmp:
        tmp.write(text)
        tmp_name = tmp.name
    if mode is not None:
        os.chmod(tmp_name, mode)
    os.replace(tmp_name, path)


def save_state(count):
    state = {"last_sync": datetime.now().isoformat(timespec="seconds"), "count": count}
    atomic_write(STATE_FILE, json.dumps(state), mode=0o600)


def week_bounds(today):
    start = today - timedelta(days=today.weekday())
    return start, start + timedelta(days=7)


def main():
    ap = argparse.ArgumentParser(description="Sync press bookings to an .ics file")
    ap.add_argument("--out", default="press_bookings.ics")
    ap.add_argument("--weeks", type=int, default=2)
    ap.add_argument("--no-ack", action="store_true", help="don't post the sync marker")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    api_key = os.environ.get("BOOKING_API_KEY")
    if not api_key:
        LOG.error("BOOKING_API_KEY is not set")
        sys.exit(2)

    client = BookingClient(API_BASE, api_key)
    start, _ = week_bounds(date.today())
    end = start + timedelta(days=7 * args.weeks)
    try:
        bookings = client.bookings(start, end)
    except requests.RequestException as exc:
        LOG.error("could not fetch bookings: %s", exc)
        sys.exit(1)

    atomic_write(args.out, to_ics(bookings))
    save_state(len(bookings))
    LOG.info("wrote %d bookings to %s", len(bookings), args.out)

    if not args.no_ack:
        try:
            client.mark_synced(len(bookings))
        except requests.RequestException as exc:
            LOG.warning("sync marker not posted: %s", exc)


if __name__ == "__main__":
    main()
