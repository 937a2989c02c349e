#!/usr/bin/env python3
"""Sync today's bookings from the booking platform to the GM dashboard cache.

Pulls the day's slots from the booking platform API, writes them to
./cache/bookings-<date>.json for the dashboard, and marks teams as checked in
when the front desk scans their waiver QR code.
"""
import argparse
import datetime as dt
import json
import logging
import os
import sys
from pathlib import Path

import requests

LOG = logging.getLogger("booking-sync")

API_BASE = os.environ.get("BOOKING_API_BASE", "https://api.example.com/v1")
CACHE_DIR = Path("cache")
TIMEOUT = 10


class BookingClient:
    def __init__(self, base, api_key):
        self.base = base.rstrip("/")
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Bearer {api_key}",
            "Accept": "application/json",
            "User-Agent": "escape-booking-sync/2.1",
        })

    def slots(self, day):
        resp = self.session.get(f"{self.base}/slots", params={"date": day.isoformat()}, timeout=TIMEOUT)
        resp.raise_for_status()
        return resp.json().get("slots", [])

    def check_in(self, booking_id, players):
        resp = self.session.post(
            f"{self.base}/bookings/{booking_id}/check-in",
            json={"players_present": players, "source": "front-desk"},
            timeout=TIMEOUT,
        )
        resp.raise_for_status()
        return resp.json()


def cache_path(day):
    return CACHE_DIR / f"bookings-{day.isoformat()}.json"


def write_cache(day, slots):
    CACHE_DIR.mkdir(exist_ok=True)
    path = cache_path(day)
    tmp = path.with_suffix(".json.part")
    tmp.write_text(json.dumps({"synced": dt.datetime.now().isoformat(), "slots": slots}, indent=2))
    tmp.replace(path)
    # contains customer names and phone numbers
    os.chmod(path, 0o600)
    return path


def prune_cache(keep_days=3):
    cutoff = dt.date.today() - dt.timedelta(days=keep_days)
    for p in CACHE_DIR.glob("bookings-*.json"):
        try:
            day = dt.date.fromisoformat(p.stem.split("-", 1)[1])
        except ValueError:
            continue
        if day < cutoff:
            p.unlink()
            LOG.debug("pruned %s", p)


def summarise(slots):
    by_room = {}
    for s in slots:
        by_room.setdefault(s.get("room", "?"), []).append(s)
    for room, items in sorted(by_room.items()):
        times = ", ".join(i["start"][11:16] for i in items)
        print(f"{room:<14} {len(items)} slots: {times}")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--date", type=dt.date.fromisoformat, default=dt.date.today())
    ap.add_argument("--check-in", metavar="BOOKING_ID")
    ap.add_argument("--players", type=int, default=0)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    api_key = os.environ.get("BOOKING_API_KEY")
    if not api_key:
        LOG.error("BOOKING_API_KEY is not set")
        return 2
    client = BookingClient(API_BASE, api_key)

    try:
        if args.check_in:
            result = client.check_in(args.check_in, args.players)
            LOG.info("checked in %s: %s", args.check_in, result.get("status"))
            return 0
        slots = client.slots(args.date)
    except requests.RequestException as exc:
        LOG.error("booking API error: %s", exc)
        return 1

    path = write_cache(args.date, slots)
    prune_cache()
    LOG.info("cached %d slots in %s", len(slots), path)
    summarise(slots)
    return 0


if __name__ == "__main__":
    sys.exit(main())
