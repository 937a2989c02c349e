#!/usr/bin/env python3
"""Send tomorrow's tuning appointment reminders through the workshop's
messaging provider. Appointments come from a CSV export of the calendar."""
import argparse
import csv
import datetime as dt
import json
import logging
import os
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from urllib import error, request

log = logging.getLogger("reminders")

API_URL = os.environ.get("NOTIFY_API_URL", "https://api.example.com/v1/messages")


@dataclass
class Appointment:
    client: str
    phone: str
    day: dt.date
    time: str
    instrument: str

    def message(self) -> str:
        return (f"Hello {self.client}, a reminder that your {self.instrument} "
                f"is booked for tuning on {self.day:%A %d %B} at {self.time}. "
                "Please keep the room at its usual temperature. Reply C to cancel.")


def load(path: Path):
    with path.open(newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            try:
                yield Appointment(row["client"], row["phone"],
                                  dt.date.fromisoformat(row["date"]),
                                  row["time"], row.get("instrument", "harpsichord"))
            except (KeyError, ValueError) as exc:
                log.warning("skipping row %r: %s", row, exc)


def retry(times=3, delay=2.0):
    def deco(fn):
        def wrapper(*a, **kw):
            for attempt in range(1, times + 1):
                try:
                    return fn(*a, **kw)
                except error.URLError as exc:
                    if attempt == times:
                        raise
                    log.info("retry %d after %s", attempt, exc)
                    time.sleep(delay * attempt)
        return wrapper
    return deco


@retry()
def send(appt: Appointment, api_key: str) -> int:
    body = json.dumps({"to": appt.phone, "body": appt.message()}).encode()
    req = request.Request(API_URL, data=body, method="POST", headers={
        "Authorization": f"Bearer {api_key}",
        "Content-Type": "application/json",
    })
    with request.urlopen(req, timeout=15) as resp:
        return resp.status


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("csv", type=Path)
    ap.add_argument("--days-ahead", type=int, default=1)
    ap.add_argument("-n", "--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    api_key = os.environ.get("NOTIFY_API_KEY")
    if not api_key and not args.dry_run:
        log.error("NOTIFY_API_KEY is not set")
        return 2
    target = dt.date.today() + dt.timedelta(days=args.days_ahead)
    due = [a for a in load(args.csv) if a.day == target]
    log.info("%d appointments on %s", len(due), target)
    failures = 0
    for appt in due:
        if args.dry_run:
            print(f"{appt.phone}: {appt.message()}")
            continue
        try:
            status = send(appt, api_key)
            log.info("sent to %s (%s)", appt.client, status)
        except error.URLError as exc:
            failures += 1
            log.error("failed for %s: %s", appt.client, exc)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
