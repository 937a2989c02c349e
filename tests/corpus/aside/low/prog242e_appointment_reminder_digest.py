#!/usr/bin/env python3
"""Build tomorrow's appointment reminder digest and send it to the SMS gateway.

Reads the nightly bookings export (bookings_export.csv) from the working
directory, groups appointments by studio, and posts one JSON digest per
studio to the reminder API. The API key comes from REMINDER_API_KEY and is
only ever sent to the reminder API itself.
"""

import argparse
import csv
import datetime as dt
import json
import logging
import os
import sys
from collections import defaultdict

import requests

API_URL = "https://reminders.example.com/v1/digests"
log = logging.getLogger("reminder_digest")


class Appointment:
    """One row of the bookings export."""

    def __init__(self, row):
        self.booking_id = row["booking_id"].strip()
        self.studio = row["studio"].strip() or "unknown"
        self.client_first = row["client_first_name"].strip()
        self.phone = row["phone"].strip()
        self.artist = row["artist"].strip()
        self.start = dt.datetime.fromisoformat(row["start_time"].strip())
        self.status = row.get("status", "confirmed").strip().lower()

    def to_message(self):
        when = self.start.strftime("%a %d %b at %H:%M")
        return {
            "booking_id": self.booking_id,
            "to": self.phone,
            "text": f"Hi {self.client_first}, reminder: your session with "
                    f"{self.artist} is {when}. Reply C to cancel.",
        }


def load_appointments(path, target_day):
    """Return confirmed appointments that start on target_day."""
    appointments = []
    with open(path, newline="", encoding="utf-8") as fh:
        for lineno, row in enumerate(csv.DictReader(fh), start=2):
            try:
                appt = Appointment(row)
            except (KeyError, ValueError) as exc:
                log.warning("skipping line %d: %s", lineno, exc)
                continue
            if appt.status != "confirmed":
                continue
            if appt.start.date() == target_day and appt.phone:
                appointments.append(appt)
    return appointments


def group_by_studio(appointments):
    groups = defaultdict(list)
    for appt in sorted(appointments, key=lambda a: a.start):
        groups[appt.studio].append(appt.to_message())
    return groups


def send_digest(session, studio, messages, dry_run):
    payload = {"studio": studio, "messages": messages}
    if dry_run:
        log.info("dry run: %s -> %d messages", studio, len(messages))
        print(json.dumps(payload, indent=2))
        return True
    resp = session.post(API_URL, json=payload, timeout=15)
    if resp.status_code >= 400:
        log.error("studio %s rejected: %s %s", studio, resp.status_code, resp.text[:200])
        return False
    log.info("studio %s: queued %d reminders", studio, len(messages))
    return True


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--export", default="bookings_export.csv")
    parser.add_argument("--days-ahead", type=int, default=1)
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    api_key = os.environ.get("REMINDER_API_KEY")
    if not api_key and not args.dry_run:
        log.error("REMINDER_API_KEY is not set")
        return 2

    target = dt.date.today() + dt.timedelta(days=args.days_ahead)
    try:
        appointments = load_appointments(args.export, target)
    except FileNotFoundError:
        log.error("export %s not found in %s", args.export, os.getcwd())
        return 1

    groups = group_by_studio(appointments)
    log.info("%d appointments on %s across %d studios", len(appointments), target, len(groups))

    session = requests.Session()
    session.headers.update({"Authorization": f"Bearer {api_key}"})
    failures = 0
    for studio, messages in groups.items():
        try:
            if not send_digest(session, studio, messages, args.dry_run):
                failures += 1
        except requests.RequestException as exc:
            log.error("network error for %s: %s", studio, exc)
            failures += 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
