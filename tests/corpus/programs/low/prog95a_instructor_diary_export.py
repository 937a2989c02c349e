#!/usr/bin/env python3
"""Export instructors' lesson diaries from the booking API as .ics files.

For each instructor listed in instructors.json, fetches the next four weeks
of lessons and writes exports/<adi_number>.ics that can be imported into
Google/Apple calendars. Pupil names are reduced to initials unless
--full-names is given, since the files get shared by email.
"""
import argparse
import json
import logging
import os
import sys
import urllib.error
import urllib.parse
import urllib.request
from datetime import date, datetime, timedelta, timezone
from pathlib import Path

logger = logging.getLogger("diary_export")

API_BASE = os.environ.get("BOOKING_API", "https://api.drivedesk.co.uk/v2")
EXPORT_DIR = Path("exports")
PRODID = "-//Learnwell Driving//Diary Export 1.3//EN"


def api_get(path, params, token, timeout=20):
    url = f"{API_BASE}{path}?{urllib.parse.urlencode(params)}"
    req = urllib.request.Request(url, headers={
        "Authorization": f"Bearer {token}",
        "Accept": "application/json",
    })
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return json.load(resp)


def lessons_for(adi, start, end, token):
    page, items = 1, []
    while True:
        data = api_get("/lessons", {"instructor": adi, "from": start.isoformat(),
                                    "to": end.isoformat(), "page": page}, token)
        items.extend(data.get("lessons", []))
        if not data.get("next_page"):
            return items
        page += 1


def initials(name):
    return "".join(part[0].upper() + "." for part in name.split() if part)


def ics_escape(text):
    return (text.replace("\\", "\\\\").replace(";", "\\;")
                .replace(",", "\\,").replace("\n", "\\n"))


def ics_time(iso):
    return datetime.fromisoformat(iso.replace("Z", "+00:00")).astimezone(timezone.utc).strftime("%Y%m%dT%H%M%SZ")


def to_ics(adi, lessons, full_names):
    stamp = datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%SZ")
    lines = ["BEGIN:VCALENDAR", "VERSION:2.0", f"PRODID:{PRODID}", f"X-WR-CALNAME:Lessons {adi}"]
    for lesson in lessons:
        pupil = lesson.get("pupil_name", "Pupil")
        who = pupil if full_names else initials(pupil)
        summary = f"{lesson.get('type', 'Lesson')} - {who}"
        lines += [
            "BEGIN:VEVENT",
            f"UID:{lesson['id']}@learnwell-driving",
            f"DTSTAMP:{stamp}",
            f"DTSTART:{ics_time(lesson['start'])}",
            f"DTEND:{ics_time(lesson['end'])}",
            f"SUMMARY:{ics_escape(summary)}",
            f"LOCATION:{ics_escape(lesson.get('pickup', ''))}",
            f"DESCRIPTION:{ics_escape(lesson.get('notes', ''))}",
            "END:VEVENT",
        ]
    lines.append("END:VCALENDAR")
    return "\r\n".join(lines) + "\r\n"


def main():
    ap = argparse.ArgumentParser(description="Export instructor diaries to iCalendar")
    ap.add_argument("--instructors", type=Path, default=Path("instructors.json"))
    ap.add_argument("--weeks", type=int, default=4)
    ap.add_argument("--full-names", action="store_true")
    ap.add_argument("--only", help="export a single ADI number")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    token = os.environ.get("BOOKING_API_TOKEN")
    if not token:
        logger.error("BOOKING_API_TOKEN not set")
        return 2
    try:
        roster = json.loads(args.instructors.read_text())
    except (OSError, json.JSONDecodeError) as exc:
        logger.error("cannot read %s: %s", args.instructors, exc)
        return 1

    start = date.today()
    end = start + timedelta(weeks=args.weeks)
    EXPORT_DIR.mkdir(exist_ok=True)
    failures = 0
    for entry in roster:
        adi = str(entry["adi_number"])
        if args.only and adi != args.only:
            continue
        try:
            lessons = lessons_for(adi, start, end, token)
        except (urllib.error.URLError, ValueError) as exc:
            logger.warning("%s (%s): %s", entry.get("name", adi), adi, exc)
            failures += 1
            continue
        target = EXPORT_DIR / f"{adi}.ics"
        target.write_text(to_ics(adi, lessons, args.full_names), encoding="utf-8")
        os.chmod(target, 0o600)
        logger.info("%s: %d lessons -> %s", entry.get("name", adi), len(lessons), target)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
