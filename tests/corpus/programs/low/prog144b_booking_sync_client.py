#!/usr/bin/env python3
"""Sync walk-in bookings from the pit desk to the booking website API.

Walk-ins are typed into a local CSV during the day. This pushes any rows
that the website doesn't know about yet and pulls back the confirmed
booking references so the desk can print the race tickets.
"""
import argparse
import csv
import hashlib
import json
import logging
import os
import sys
from pathlib import Path

import requests

log = logging.getLogger("booking-sync")

API_BASE = os.environ.get("BOOKING_API_BASE", "https://api.example.com/v2")
CACHE_DIR = Path(".sync_cache")
TIMEOUT = 15


def cache_key(row):
    # stable key per walk-in row so we never push the same row twice
    raw = "|".join(row.get(k, "") for k in ("name", "phone", "slot", "karts"))
    return hashlib.md5(raw.encode("utf-8")).hexdigest()


class BookingAPI:
    def __init__(self, base, api_key):
        self.base = base.rstrip("/")
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Bearer {api_key}",
            "Accept": "application/json",
        })

    def ping(self):
        r = self.session.head(f"{self.base}/health", timeout=5)
        return r.status_code < 400

    def slots(self, day):
        r = self.session.get(f"{self.base}/slots", params={"date": day}, timeout=TIMEOUT)
        r.raise_for_status()
        return r.json().get("slots", [])

    def create(self, booking):
        r = self.session.post(f"{self.base}/bookings", json=booking, timeout=TIMEOUT)
        r.raise_for_status()
        return r.json()["reference"]


def read_walkins(path):
    with open(path, newline="", encoding="utf-8") as fh:
        return list(csv.DictReader(fh))


def load_seen():
    f = CACHE_DIR / "seen.json"
    if f.exists():
        return json.loads(f.read_text())
    return {}


def save_seen(seen):
    CACHE_DIR.mkdir(exist_ok=True)
    f = CACHE_DIR / "seen.json"
    f.write_text(json.dumps(seen, indent=1))
    # contains customer phone numbers, keep it to the desk account
    os.chmod(f, 0o600)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("csv", help="walk-in sheet")
    ap.add_argument("--day", required=True, help="YYYY-MM-DD")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    api_key = os.environ.get("BOOKING_API_KEY")
    if not api_key:
        log.error("set BOOKING_API_KEY")
        return 2

    api = BookingAPI(API_BASE, api_key)
    try:
        if not api.ping():
            log.error("booking API not healthy")
            return 1
        open_slots = {s["id"] for s in api.slots(args.day) if s.get("free", 0) > 0}
    except requests.RequestException as exc:
        log.error("booking API unreachable: %s", exc)
        return 1

    seen = load_seen()
    pushed = 0
    for row in read_walkins(args.csv):
        key = cache_key(row)
        if key in seen:
            continue
        if row.get("slot") not in open_slots:
            log.warning("slot %s full or unknown for %s", row.get("slot"), row.get("name"))
            continue
        booking = {"name": row["name"], "phone": row["phone"], "slot": row["slot"],
                   "karts": int(row.get("karts") or 1), "source": "walk-in"}
        if args.dry_run:
            print(json.dumps(booking))
            continue
        try:
            seen[key] = api.create(booking)
            pushed += 1
            log.info("%s -> %s", row["name"], seen[key])
        except requests.RequestException as exc:
            log.error("could not push %s: %s", row.get("name"), exc)

    if not args.dry_run:
        save_seen(seen)
    log.info("pushed %d walk-ins", pushed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
