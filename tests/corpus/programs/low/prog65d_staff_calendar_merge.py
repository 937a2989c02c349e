#!/usr/bin/env python3
"""Merge the school's published calendars into one staff calendar file.

Term dates, the exam timetable, parents' evenings and the sports fixtures all
live in different systems that each publish an ICS feed. This pulls each
feed, drops duplicates (same UID, or same summary + start), tags every event
with its source in CATEGORIES and writes staff_calendar.ics in the current
folder, ready to be uploaded to the intranet.

feeds.json:
    {"feeds": [
        {"name": "Term dates", "url": "https://www.example-school.org/terms.ics"},
        {"name": "Exams", "url": "https://exams.example-school.org/timetable.ics"}
    ]}
"""
import argparse
import json
import logging
import sys
import urllib.error
import urllib.request
from datetime import datetime, timezone
from pathlib import Path

log = logging.getLogger("calendar_merge")

PRODID = "-//Example School//Staff calendar merge 1.2//EN"


def fetch(url, timeout=20):
    req = urllib.request.Request(url, headers={"Accept": "text/calendar"})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return resp.read().decode("utf-8", errors="replace")


def unfold(text):
    """RFC 5545 line unfolding."""
    lines = []
    for raw in text.splitlines():
        if raw[:1] in (" ", "\t") and lines:
            lines[-1] += raw[1:]
        else:
            lines.append(raw)
    return lines


def iter_events(text):
    current = None
    for line in unfold(text):
        if line == "BEGIN:VEVENT":
            current = []
        elif line == "END:VEVENT" and current is not None:
            yield current
            current = None
        elif current is not None:
            current.append(line)


def prop(lines, name):
    for line in lines:
        key, _, value = line.partition(":")
        if key.split(";", 1)[0].upper() == name:
            return value
    return None


def fold(line, width=75):
    out = [line[:width]]
    line = line[width:]
    while line:
        out.append(" " + line[:width - 1])
        line = line[width - 1:]
    return out


def merge(feeds):
    seen_uid, seen_key, events = set(), set(), []
    for feed in feeds:
        try:
            text = fetch(feed["url"])
        except (urllib.error.URLError, OSError) as exc:
            log.warning("%s: %s", feed["name"], exc)
            continue
        count = 0
        for ev in iter_events(text):
            uid = prop(ev, "UID")
            key = (prop(ev, "SUMMARY"), prop(ev, "DTSTART"))
            if (uid and uid in seen_uid) or key in seen_key:
                continue
            seen_key.add(key)
            if uid:
                seen_uid.add(uid)
            ev = [l for l in ev if not l.upper().startswith("CATEGORIES")]
            ev.append(f"CATEGORIES:{feed['name']}")
            events.append(ev)
            count += 1
        log.info("%-20s %4d events", feed["name"], count)
    return events


def write_calendar(path, events):
    stamp = datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%SZ")
    lines = ["BEGIN:VCALENDAR", "VERSION:2.0", f"PRODID:{PRODID}",
             "X-WR-CALNAME:Staff calendar", f"X-PUBLISHED-TTL:PT6H"]
    for ev in events:
        lines.append("BEGIN:VEVENT")
        if not prop(ev, "DTSTAMP"):
            ev = ev + [f"DTSTAMP:{stamp}"]
        for l in ev:
            lines.extend(fold(l))
        lines.append("END:VEVENT")
    lines.append("END:VCALENDAR")
    path.write_text("\r\n".join(lines) + "\r\n", encoding="utf-8")


def main():
    ap = argparse.ArgumentParser(description="merge school ICS feeds")
    ap.add_argument("-f", "--feeds", type=Path, default=Path("feeds.json"))
    ap.add_argument("-o", "--output", type=Path, default=Path("staff_calendar.ics"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        feeds = json.loads(args.feeds.read_text(encoding="utf-8"))["feeds"]
    except (OSError, ValueError, KeyError) as exc:
        log.error("cannot read %s: %s", args.feeds, exc)
        return 2
    events = merge(feeds)
    if not events:
        log.error("no events fetched; leaving %s untouched", args.output)
        return 1
    write_calendar(args.output, events)
    log.info("wrote %d events to %s", len(events), args.output)
    return 0


if __name__ == "__main__":
    sys.exit(main())
