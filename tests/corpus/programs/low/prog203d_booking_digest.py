#!/usr/bin/env python3
"""Send tomorrow's booking digest to the reservations platform.

Reads the day's bookings exported by the front desk, groups them by trip and
guide, and posts the digest to the reservations API so guides see their
groups in the app.
"""
import argparse
import json
import logging
import os
import sys
import urllib.request
from collections import defaultdict
from datetime import date, timedelta

log = logging.getLogger("digest")

API_BASE = os.environ.get("RESERVATIONS_API", "https://api.example.com/v1")


class ApiClient:
    def __init__(self, base, key, timeout=20):
        self.base = base.rstrip("/")
        self.key = key
        self.timeout = timeout

    def post(self, path, payload):
        req = urllib.request.Request(
            self.base + path,
            data=json.dumps(payload).encode(),
            method="POST",
            headers={"Authorization": "Bearer " + self.key,
                     "Content-Type": "application/json"},
        )
        with urllib.request.urlopen(req, timeout=self.timeout) as resp:
            return resp.status, json.load(resp)


def load_bookings(path, day):
    with open(path, encoding="utf-8") as fh:
        items = json.load(fh)
    return [b for b in items if b.get("date") == day and not b.get("cancelled")]


def build_digest(bookings, day):
    groups = defaultdict(lambda: {"guests": 0, "names": []})
    for b in bookings:
        key = (b.get("trip", "unknown"), b.get("guide", "unassigned"))
        groups[key]["guests"] += int(b.get("party_size", 1))
        groups[key]["names"].append(b.get("lead_name", "?"))
    trips = [{"trip": t, "guide": g, **info} for (t, g), info in sorted(groups.items())]
    return {"date": day, "trips": trips, "total_guests": sum(t["guests"] for t in trips)}


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--bookings", default="bookings_export.json")
    ap.add_argument("--day", default=(date.today() + timedelta(days=1)).isoformat())
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    try:
        bookings = load_bookings(args.bookings, args.day)
    except (OSError, ValueError) as exc:
        log.error("cannot read bookings: %s", exc)
        return 1
    digest = build_digest(bookings, args.day)
    log.info("%d trips, %d guests on %s", len(digest["trips"]), digest["total_guests"], args.day)
    return SINKS["preview" if args.dry_run else "api"](digest)


def to_stdout(digest):
    print(json.dumps(digest, indent=2))
    return 0


def to_api(digest):
    key = os.environ.get("RESERVATIONS_API_KEY")
    if not key:
        log.error("RESERVATIONS_API_KEY is not set")
        return 2
    try:
        status, body = ApiClient(API_BASE, key).post("/digests", digest)
    except OSError as exc:
        log.error("upload failed: %s", exc)
        return 1
    log.info("API answered %s (digest id %s)", status, body.get("id"))
    return 0


SINKS = {"preview": to_stdout, "api": to_api}


if __name__ == "__main__":
    sys.exit(main())
