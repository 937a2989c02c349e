#!/usr/bin/env python3
"""Pull confirmed weddings from the booking site and write an .ics calendar.

The workroom wall display and the delivery driver's phone subscribe to the
generated file, so everyone sees which weddings are coming up this season.
"""
import argparse
import json
import logging
import os
import urllib.parse
import urllib.request
from datetime import date, datetime, timedelta, timezone
from pathlib import Path

log = logging.getLogger("calendar-sync")

BOOKING_API = os.environ.get("PV_BOOKING_API", "https://booking.example.com/api/v1")
OUT_FILE = Path(os.environ.get("PV_CALENDAR_OUT", "./weddings.ics"))


def fetch_weddings(start: date, end: date) -> list:
    query = urllib.parse.urlencode({"status": "confirmed",
                                    "from": start.isoformat(), "to": end.isoformat()})
    url = f"{BOOKING_API}/weddings?{query}"
    log.debug("GET %s", url)
    req = urllib.request.Request(url, headers={"Accept": "application/json"})
    with urllib.request.urlopen(req, timeout=20) as resp:
        return json.load(resp).get("weddings", [])


def ics_escape(text: str) -> str:
    return (text.replace("\\", "\\\\").replace(";", "\\;")
                .replace(",", "\\,").replace("\n", "\\n"))


def to_event(w: dict) -> list:
    day = date.fromisoformat(w["date"])
    stamp = datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%SZ")
    summary = f"{w.get('couple', 'Wedding')} - {w.get('package', 'bridal')}"
    desc = f"Delivery {w.get('delivery_time', 'TBC')} to {w.get('venue', '')}\n" \
           f"Bouquets: {w.get('bouquets', 0)}, buttonholes: {w.get('buttonholes', 0)}"
    return [
        "BEGIN:VEVENT",
        f"UID:pv-{w['id']}@petalveil.example.com",
        f"DTSTAMP:{stamp}",
        f"DTSTART;VALUE=DATE:{day:%Y%m%d}",
        f"DTEND;VALUE=DATE:{day + timedelta(days=1):%Y%m%d}",
        f"SUMMARY:{ics_escape(summary)}",
        f"LOCATION:{ics_escape(w.get('venue', ''))}",
        f"DESCRIPTION:{ics_escape(desc)}",
        "END:VEVENT",
    ]


def build_calendar(weddings: list) -> str:
    lines = ["BEGIN:VCALENDAR", "VERSION:2.0",
             "PRODID:-//Petal & Veil//Wedding Calendar//EN",
             "X-WR-CALNAME:Petal & Veil weddings"]
    for w in sorted(weddings, key=lambda x: x.get("date", "")):
        if "date" not in w or "id" not in w:
            log.warning("skipping incomplete booking %r", w.get("id"))
            continue
        lines += to_event(w)
    lines.append("END:VCALENDAR")
    return "\r\n".join(lines) + "\r\n"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--weeks", type=int, default=26, help="how far ahead to look")
    ap.add_argument("--out", type=Path, default=OUT_FILE)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    start = date.today()
    end = start + timedelta(weeks=args.weeks)
    try:
        weddings = fetch_weddings(start, end)
    except OSError as exc:
        log.error("booking site unreachable: %s", exc)
        return 1

    args.out.write_text(build_calendar(weddings), encoding="utf-8")
    log.info("wrote %d weddings to %s", len(weddings), args.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
