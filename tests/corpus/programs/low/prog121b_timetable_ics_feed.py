#!/usr/bin/env python3
"""Turn the published studio timetable into iCalendar feeds.

Downloads the current week's timetable JSON, and writes feeds/all.ics plus
one feed per instructor (feeds/instructor-<slug>.ics) so members and staff
can subscribe from their phone calendars.  Responses are cached under
.cache/ keyed by URL so re-runs within the hour do not hit the website.
"""
import argparse
import hashlib
import json
import logging
import re
import sys
import time
import uuid
from datetime import date, datetime, timedelta
from pathlib import Path

import requests

log = logging.getLogger("ics")

SOURCE = "https://www.stillpoint-yoga.example/api/v2/timetable/current.json"
CACHE_DIR = Path(".cache")
FEED_DIR = Path("feeds")
UID_NS = uuid.UUID("6f1c7c52-4a3e-4d0b-9d7e-1b2f0c7a9e10")
TZID = "Europe/London"
DAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]


def cached_get(url, max_age=3600):
    CACHE_DIR.mkdir(exist_ok=True)
    key = hashlib.md5(url.encode("utf-8")).hexdigest()
    path = CACHE_DIR / f"{key}.json"
    if path.exists() and time.time() - path.stat().st_mtime < max_age:
        log.debug("cache hit %s", key)
        return json.loads(path.read_text(encoding="utf-8"))
    resp = requests.get(url, timeout=15, headers={"Accept": "application/json"})
    resp.raise_for_status()
    path.write_text(resp.text, encoding="utf-8")
    return resp.json()


def slugify(name):
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-") or "unknown"


def ics_escape(text):
    return (text.replace("\\", "\\\\").replace(";", "\\;")
            .replace(",", "\\,").replace("\n", "\\n"))


def fold(line):
    """RFC 5545 lines are at most 75 octets; continuation lines start with a space."""
    raw = line.encode("utf-8")
    if len(raw) <= 75:
        return line
    parts, chunk = [], b""
    for ch in line:
        b = ch.encode("utf-8")
        if len(chunk) + len(b) > 74:
            parts.append(chunk.decode("utf-8"))
            chunk = b""
        chunk += b
    parts.append(chunk.decode("utf-8"))
    return "\r\n ".join(parts)


def events(doc):
    week = date.fromisoformat(doc["week_commencing"])
    for entry in doc["days"]:
        day = week + timedelta(days=DAYS.index(entry["day"]))
        for s in entry["sessions"]:
            start = datetime.combine(day, datetime.strptime(s["start"], "%H:%M").time())
            end = datetime.combine(day, datetime.strptime(s["end"], "%H:%M").time())
            yield {**s, "dtstart": start, "dtend": end,
                   "uid": str(uuid.uuid5(UID_NS, f"{start.isoformat()}|{s['class']}|{s['room']}"))}


def calendar(name, evs, stamp):
    lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Stillpoint Yoga//timetable//EN",
             f"X-WR-CALNAME:{ics_escape(name)}", f"X-WR-TIMEZONE:{TZID}"]
    for e in evs:
        lines += [
            "BEGIN:VEVENT",
            f"UID:{e['uid']}@stillpoint-yoga.example",
            f"DTSTAMP:{stamp}",
            f"DTSTART;TZID={TZID}:{e['dtstart']:%Y%m%dT%H%M%S}",
            f"DTEND;TZID={TZID}:{e['dtend']:%Y%m%dT%H%M%S}",
            f"SUMMARY:{ics_escape(e['class'])} with {ics_escape(e['instructor'])}",
            f"LOCATION:{ics_escape(e['room'])} studio",
            "END:VEVENT",
        ]
    lines.append("END:VCALENDAR")
    return "\r\n".join(fold(l) for l in lines) + "\r\n"


def write_feeds(doc):
    FEED_DIR.mkdir(exist_ok=True)
    stamp = datetime.utcnow().strftime("%Y%m%dT%H%M%SZ")
    all_events = list(events(doc))
    (FEED_DIR / "all.ics").write_text(calendar(doc.get("studio", "Timetable"), all_events, stamp),
                                      encoding="utf-8", newline="")
    by_instructor = {}
    for e in all_events:
        by_instructor.setdefault(e["instructor"], []).append(e)
    for who, evs in by_instructor.items():
        out = FEED_DIR / f"instructor-{slugify(who)}.ics"
        out.write_text(calendar(f"Classes: {who}", evs, stamp), encoding="utf-8", newline="")
        log.info("%s: %d classes", out.name, len(evs))
    return len(all_events)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--url", default=SOURCE)
    ap.add_argument("--from-file", help="use a local timetable.json instead of the URL")
    ap.add_argument("--max-age", type=int, default=3600)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    try:
        if args.from_file:
            doc = json.loads(Path(args.from_file).read_text(encoding="utf-8"))
        else:
            doc = cached_get(args.url, args.max_age)
        n = write_feeds(doc)
    except (requests.RequestException, OSError, ValueError, KeyError) as exc:
        log.error("could not build feeds: %s", exc)
        return 1
    log.info("wrote feeds for %d classes", n)
    return 0


if __name__ == "__main__":
    sys.exit(main())
