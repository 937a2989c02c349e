#!/usr/bin/env python3
"""Book patient transport for tomorrow's dialysis sessions.

Reads the next-day session list exported from the chair scheduler, works
out pick-up times from each patient's travel band, and books the outbound
and return journeys with the non-emergency patient transport provider.
Bookings already confirmed are kept in bookings.json so reruns never double-book.
"""
import argparse
import csv
import json
import logging
import os
import sys
import time
from datetime import datetime, timedelta
from pathlib import Path

import requests

LOG = logging.getLogger("transport_client")

API_BASE = os.environ.get("PTS_API_BASE", "https://api.example-pts.net/v1")
TRAVEL_BANDS = {"A": 20, "B": 35, "C": 50, "D": 75}
SESSION_LENGTH = timedelta(hours=4, minutes=15)
STATE_FILE = Path("bookings.json")


def load_sessions(path):
    with open(path, newline="") as fh:
        rows = list(csv.DictReader(fh))
    sessions = []
    for row in rows:
        if row.get("transport", "").strip().lower() not in {"y", "yes", "pts"}:
            continue
        start = datetime.fromisoformat(f"{row['date']}T{row['start']}")
        band = row.get("band", "B").strip().upper() or "B"
        sessions.append({
            "mrn": row["mrn"], "postcode": row["postcode"], "chair": row["chair"],
            "start": start, "band": band, "mobility": row.get("mobility", "walker"),
        })
    return sessions


def plan_journeys(session):
    travel = timedelta(minutes=TRAVEL_BANDS.get(session["band"], 35))
    pickup = session["start"] - travel - timedelta(minutes=15)
    ready = session["start"] + SESSION_LENGTH
    return [
        {"direction": "outbound", "pickup_at": pickup.isoformat(), "from": session["postcode"],
         "to": "UNIT", "mobility": session["mobility"]},
        {"direction": "return", "pickup_at": ready.isoformat(), "from": "UNIT",
         "to": session["postcode"], "mobility": session["mobility"]},
    ]


def load_state():
    if STATE_FILE.exists():
        return json.loads(STATE_FILE.read_text())
    return {}


def save_state(state):
    STATE_FILE.write_text(json.dumps(state, indent=2, sort_keys=True))


def provider_ready(http, attempts=3):
    for attempt in range(1, attempts + 1):
        try:
            resp = http.get(f"{API_BASE}/status", timeout=10)
            if resp.ok:
                return True
            LOG.warning("provider status %s", resp.status_code)
        except requests.RequestException as exc:
            LOG.warning("provider status check %d failed: %s", attempt, exc)
        time.sleep(3 * attempt)
    return False


def book(http, unit, session, journey):
    body = {"unit": unit, "patient_ref": session["mrn"], **journey}
    resp = http.post(f"{API_BASE}/bookings", json=body, timeout=20)
    if resp.status_code == 409:
        return resp.json().get("existing_reference")
    resp.raise_for_status()
    return resp.json()["reference"]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("sessions", help="next-day session CSV")
    ap.add_argument("--unit", default=os.environ.get("UNIT_CODE", "DU-01"))
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    api_key = os.environ.get("PTS_API_KEY")
    if not api_key and not args.dry_run:
        LOG.error("PTS_API_KEY is not set")
        return 2

    http = requests.Session()
    http.headers.update({"Authorization": f"Bearer {api_key}", "User-Agent": "dialysis-pts-bot/1.4"})
    if not args.dry_run and not provider_ready(http):
        LOG.error("transport provider unavailable, try again later")
        return 3

    state = load_state()
    booked = failed = 0
    for session in load_sessions(args.sessions):
        for journey in plan_journeys(session):
            key = f"{session['mrn']}:{journey['direction']}:{journey['pickup_at'][:10]}"
            if key in state:
                continue
            if args.dry_run:
                LOG.info("would book %s", key)
                continue
            try:
                state[key] = book(http, args.unit, session, journey)
                booked += 1
            except requests.RequestException as exc:
                LOG.error("booking %s failed: %s", key, exc)
                failed += 1
    save_state(state)
    LOG.info("booked %d journeys, %d failed", booked, failed)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
