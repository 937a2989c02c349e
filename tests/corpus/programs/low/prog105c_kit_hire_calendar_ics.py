#!/usr/bin/env python3
"""Publish the kit hire bookings as an iCalendar file.

Pulls confirmed bookings from the hire desk's bookings API and writes
hire_calendar.ics, which the crew subscribe to on their phones (the file is
synced to the shared drive). Each booking becomes an all-day event from
collection to return with the kit list in the description.

    kit_hire_calendar_ics.py --from 2024-04-01 --weeks 12

The API token is read from HIREDESK_TOKEN.
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

log = logging.getLogger("hireics")
API_BASE = os.environ.get("HIREDESK_API", "https://api.stagekit-hire.co.uk/v1")
OUTPUT = Path("hire_calendar.ics")


def fetch_bookings(start, end, token, page_size=100):
    """Generator over confirmed bookings overlapping [start, end]."""
    page = 1
    while True:
        query = urllib.parse.urlencode({
            "status": "confirmed", "from": start.isoformat(), "to": end.isoformat(),
            "page": page, "per_page": page_size,
        })
        req = urllib.request.Request(f"{API_BASE}/bookings?{query}", headers={
            "Authorization": f"Token {token}", "Accept": "application/json",
            "User-Agent": "hireics/0.9",
        })
        with urllib.request.urlopen(req, timeout=20) as resp:
            data = json.load(resp)
        yield from data.get("results", [])
        if not data.get("next"):
            break
        page += 1


def ics_escape(text):
    return (str(text).replace("\\", "\\\\").replace(";", "\\;")
            .replace(",", "\\,").replace("\n", "\\n"))


def fold(line, width=74):
    """RFC 5545 line folding."""
    out = []
    while len(line.encode()) > width:
        cut = width
        while len(line[:cut].encode()) > width:
            cut -= 1
        out.append(line[:cut])
        line = " " + line[cut:]
    out.append(line)
    return "\r\n".join(out)


def to_event(booking, stamp):
    start = date.fromisoformat(booking["collect_on"])
    end = date.fromisoformat(booking["return_on"]) + timedelta(days=1)
    kit = "\n".join(f"{line['qty']} x {line['item']}" for line in booking.get("lines", []))
    lines = [
        "BEGIN:VEVENT",
        f"UID:booking-{booking['id']}@stagekit-hire.co.uk",
        f"DTSTAMP:{stamp}",
        f"DTSTART;VALUE=DATE:{start:%Y%m%d}",
        f"DTEND;VALUE=DATE:{end:%Y%m%d}",
        f"SUMMARY:{ics_escape(booking['reference'] + ' ' + booking['client'])}",
        f"LOCATION:{ics_escape(booking.get('venue', ''))}",
        f"DESCRIPTION:{ics_escape(kit)}",
        "END:VEVENT",
    ]
    return [fold(l) for l in lines]


def build_calendar(bookings):
    stamp = datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%SZ")
    out = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//StageKit Hire//hireics 0.9//EN",
           "X-WR-CALNAME:Kit hire", "CALSCALE:GREGORIAN"]
    count = 0
    for b in bookings:
        try:
            out += to_event(b, stamp)
            count += 1
        except (KeyError, ValueError) as exc:
            log.warning("skipping booking %s: %s", b.get("id"), exc)
    out.append("END:VCALENDAR")
    return "\r\n".join(out) + "\r\n", count


def main(argv=None):
    ap = argparse.ArgumentParser(description="kit hire bookings to iCalendar")
    ap.add_argument("--from", dest="start", type=date.fromisoformat, default=date.today())
    ap.add_argument("--weeks", type=int, default=12)
    ap.add_argument("-o", "--output", type=Path, default=OUTPUT)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    token = os.environ.get("HIREDESK_TOKEN")
    if not token:
        log.error("HIREDESK_TOKEN is not set")
        return 2
    end = args.start + timedelta(weeks=args.weeks)
    try:
        calendar, count = build_calendar(fetch_bookings(args.start, end, token))
    except urllib.error.HTTPError as exc:
        log.error("API returned %s", exc.code)
        return 3
    except (urllib.error.URLError, TimeoutError, ValueError) as exc:
        log.error("could not read bookings: %s", exc)
        return 3
    tmp = args.output.with_suffix(".ics.part")
    tmp.write_text(calendar, newline="")
    tmp.replace(args.output)
    log.info("wrote %d bookings to %s", count, args.output)
    return 0


if __name__ == "__main__":
    sys.exit(main())
