#!/usr/bin/env python3
"""Sync skating lesson bookings into the club calendar.

Pulls confirmed learn-to-skate and learn-to-curl lessons from the booking
platform, maps them to calendar events (coach, pad, level) and upserts them
into the club's shared calendar API. Each run ends with a short run report
written to ./reports so the office can see what changed.
"""
import argparse
import hashlib
import json
import logging
import os
import sys
import time
from datetime import date, datetime, timedelta
from pathlib import Path

import requests

LOG = logging.getLogger("lesson-sync")

BOOKING_API = os.environ.get("BOOKING_API_URL", "https://api.rinkbook.example.com/v2")
CALENDAR_API = os.environ.get("CALENDAR_API_URL", "https://calendar.icehall-club.org/api")

LEVEL_COLOURS = {"snowplow": "#9ad", "basic": "#6b8", "freeskate": "#c84", "curl101": "#a6c"}


def fetch_lessons(session, start, end):
    lessons, page = [], 1
    while True:
        r = session.get(f"{BOOKING_API}/lessons", timeout=20, params={
            "status": "confirmed", "from": start.isoformat(), "to": end.isoformat(), "page": page})
        r.raise_for_status()
        body = r.json()
        lessons.extend(body.get("items", []))
        if not body.get("next_page"):
            return lessons
        page = body["next_page"]


def to_event(lesson):
    uid = hashlib.md5(f"{lesson['id']}:{lesson['start']}".encode()).hexdigest()
    return {
        "uid": uid,
        "title": f"{lesson['level'].title()} - {lesson['coach']}",
        "start": lesson["start"],
        "end": lesson["end"],
        "location": f"Pad {lesson.get('pad', 'A')}",
        "colour": LEVEL_COLOURS.get(lesson["level"], "#888"),
        "attendees": len(lesson.get("students", [])),
    }


def upsert_events(session, events, dry_run):
    created = updated = 0
    for ev in events:
        if dry_run:
            LOG.info("would upsert %s %s", ev["start"], ev["title"])
            continue
        r = session.put(f"{CALENDAR_API}/events/{ev['uid']}", json=ev, timeout=15)
        if r.status_code == 201:
            created += 1
        elif r.ok:
            updated += 1
        else:
            LOG.warning("calendar rejected %s: %s", ev["uid"], r.status_code)
    return created, updated


class RunReport:
    """Collects run statistics for the office."""

    def __init__(self, directory="reports"):
        self.started = time.time()
        self.directory = Path(directory)
        self.stats = {}
        self.errors = []

    def write(self):
        self.directory.mkdir(exist_ok=True)
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        target = self.directory / f"lesson_sync_{stamp}.json"
        target.write_text(json.dumps({"elapsed": round(time.time() - self.started, 1),
                                      "stats": self.stats, "errors": self.errors}, indent=2))
        return target


def main():
    ap = argparse.ArgumentParser(description="Sync lesson bookings to the club calendar")
    ap.add_argument("--days", type=int, default=14, help="how far ahead to sync")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--no-report", dest="report", action="store_false")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    booking_key = os.environ.get("BOOKING_API_KEY")
    cal_token = os.environ.get("CALENDAR_TOKEN")
    if not booking_key or not cal_token:
        sys.exit("BOOKING_API_KEY and CALENDAR_TOKEN must be set")

    report = RunReport()
    book = requests.Session()
    book.headers["X-Api-Key"] = booking_key
    cal = requests.Session()
    cal.headers["Authorization"] = f"Bearer {cal_token}"

    try:
        start = date.today()
        lessons = fetch_lessons(book, start, start + timedelta(days=args.days))
        events = [to_event(l) for l in lessons]
        created, updated = upsert_events(cal, events, args.dry_run)
        report.stats = {"lessons": len(lessons), "created": created, "updated": updated}
        LOG.info("synced %d lessons (%d new, %d updated)", len(lessons), created, updated)
    except requests.RequestException as exc:
        report.errors.append(str(exc))
        LOG.error("sync failed: %s", exc)
    finally:
        if args.report:
            LOG.info("report written to %s", report.write())


if __name__ == "__main__":
    main()
