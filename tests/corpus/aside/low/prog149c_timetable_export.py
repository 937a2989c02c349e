#!/usr/bin/env python3
"""Export the class timetable as an iCalendar file for parents.

Fetches the published timetable from the booking API and writes one .ics
file per class group so parents can subscribe in their phone calendar.
Responses are cached in ./.cache keyed by URL to avoid hammering the API.
"""
import argparse
import hashlib
import json
import logging
import os
import sys
import time
import urllib.request
from datetime import datetime, timedelta

log = logging.getLogger("ics-export")

API = "https://bookings.example.com/api/v2/timetable"
CACHE_DIR = ".cache"
CACHE_TTL = 15 * 60
OUT_DIR = "calendars"
DAY_INDEX = {"Mon": 0, "Tue": 1, "Wed": 2, "Thu": 3, "Fri": 4, "Sat": 5, "Sun": 6}


def cache_path(url):
    # md5 is fine here: it's just a file name for the cached response
    return os.path.join(CACHE_DIR, hashlib.md5(url.encode()).hexdigest() + ".json")


def fetch(url, timeout=15, use_cache=True):
    path = cache_path(url)
    if use_cache and os.path.exists(path) and time.time() - os.path.getmtime(path) < CACHE_TTL:
        with open(path, encoding="utf-8") as fh:
            return json.load(fh)
    req = urllib.request.Request(url, headers={"Accept": "application/json",
                                               "User-Agent": "studio-ics-export/1.2"})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        data = json.loads(resp.read().decode("utf-8"))
    os.makedirs(CACHE_DIR, exist_ok=True)
    with open(path, "w", encoding="utf-8") as fh:
        json.dump(data, fh)
    return data


def next_date(day_name, term_start):
    offset = (DAY_INDEX[day_name] - term_start.weekday()) % 7
    return term_start + timedelta(days=offset)


def ics_event(cls, term_start, weeks):
    first = next_date(cls["day"], term_start)
    start = datetime.combine(first, datetime.strptime(cls["start"], "%H:%M").time())
    end = start + timedelta(minutes=int(cls.get("minutes", 45)))
    uid = f"{cls['id']}@studio.example.com"
    return "\r\n".join([
        "BEGIN:VEVENT",
        f"UID:{uid}",
        f"DTSTART:{start:%Y%m%dT%H%M%S}",
        f"DTEND:{end:%Y%m%dT%H%M%S}",
        f"RRULE:FREQ=WEEKLY;COUNT={weeks}",
        f"SUMMARY:{cls['title']} ({cls.get('room', '')})",
        f"DESCRIPTION:Teacher: {cls.get('teacher', 'TBC')}",
        "END:VEVENT",
    ])


def write_calendar(group, classes, term_start, weeks):
    os.makedirs(OUT_DIR, exist_ok=True)
    body = "\r\n".join(ics_event(c, term_start, weeks) for c in classes)
    text = f"BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Studio//Timetable//EN\r\n{body}\r\nEND:VCALENDAR\r\n"
    path = os.path.join(OUT_DIR, f"{group.lower().replace(' ', '_')}.ics")
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(text)
    # drafts stay private until the office publishes them
    os.chmod(path, 0o600)
    return path


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--term-start", required=True, help="YYYY-MM-DD (a Monday)")
    ap.add_argument("--weeks", type=int, default=12)
    ap.add_argument("--no-cache", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    term_start = datetime.strptime(args.term_start, "%Y-%m-%d").date()
    try:
        data = fetch(API, use_cache=not args.no_cache)
    except (OSError, ValueError) as exc:
        log.error("could not load timetable: %s", exc)
        return 1

    groups = {}
    for cls in data.get("classes", []):
        groups.setdefault(cls.get("group", "General"), []).append(cls)
    for group, classes in sorted(groups.items()):
        try:
            log.info("wrote %s", write_calendar(group, classes, term_start, args.weeks))
        except (KeyError, ValueError) as exc:
            log.warning("skipped %s: %s", group, exc)
    return 0


if __name__ == "__main__":
    sys.exit(main())
