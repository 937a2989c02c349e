#!/usr/bin/env python3
"""Build iCalendar feeds for rink bookings on the club greens.

Reads the booking system's JSON export and writes one .ics feed per rink plus
an all-rinks feed into public/, ready to be synced to the club website.  A
small changes.json lists which rink feeds changed since the last build so the
web volunteer only uploads those.

    green_booking_feeds.py bookings.json --season 2024
"""

import argparse
import hashlib
import json
import logging
import sys
from datetime import datetime, timedelta
from pathlib import Path

log = logging.getLogger("greencal")

SESSIONS = {"morning": (10, 0), "afternoon": (14, 0), "evening": (18, 30)}
SESSION_LENGTH = timedelta(hours=2, minutes=30)


def ics_escape(text):
    return (text.replace("\\", "\\\\").replace(";", "\\;")
                .replace(",", "\\,").replace("\n", "\\n"))


def to_event(b):
    hour, minute = SESSIONS[b["session"]]
    start = datetime.fromisoformat(b["date"]).replace(hour=hour, minute=minute)
    end = start + SESSION_LENGTH
    summary = f"Rink {b['rink']} - {b['member']}"
    if b.get("purpose"):
        summary += f" ({b['purpose']})"
    return "\r\n".join([
        "BEGIN:VEVENT",
        f"UID:{b['id']}@riversidebowls.org.uk",
        f"DTSTAMP:{datetime.utcnow():%Y%m%dT%H%M%SZ}",
        f"DTSTART;TZID=Europe/London:{start:%Y%m%dT%H%M%S}",
        f"DTEND;TZID=Europe/London:{end:%Y%m%dT%H%M%S}",
        f"SUMMARY:{ics_escape(summary)}",
        f"LOCATION:{ics_escape('Green ' + b.get('green', 'A'))}",
        "END:VEVENT",
    ])


def write_feed(path, name, bookings):
    """Write the feed and return a digest of its events (DTSTAMP excluded)."""
    events = [to_event(b) for b in bookings]
    body = "\r\n".join(
        ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Riverside Bowls//greencal//EN",
         f"X-WR-CALNAME:{ics_escape(name)}"] + events + ["END:VCALENDAR"]
    ) + "\r\n"
    path.write_text(body, encoding="utf-8")
    stable = "\n".join(line for e in events for line in e.split("\r\n")
                       if not line.startswith("DTSTAMP"))
    return hashlib.sha256(stable.encode()).hexdigest()


def load_bookings(path, season):
    with open(path, encoding="utf-8") as fh:
        data = json.load(fh)
    items = data["bookings"] if isinstance(data, dict) else data
    out = []
    for b in items:
        if b.get("cancelled"):
            continue
        if season and not b["date"].startswith(str(season)):
            continue
        if b.get("session") not in SESSIONS:
            log.warning("booking %s has unknown session %r", b.get("id"), b.get("session"))
            continue
        out.append(b)
    return sorted(out, key=lambda b: (b["date"], b["session"], b["rink"]))


def main(argv=None):
    ap = argparse.ArgumentParser(description="Build rink booking calendars")
    ap.add_argument("export", type=Path)
    ap.add_argument("--season", type=int)
    ap.add_argument("--out", type=Path, default=Path("public"))
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        bookings = load_bookings(args.export, args.season)
    except (OSError, ValueError, KeyError) as exc:
        log.error("cannot read %s: %s", args.export, exc)
        return 1

    args.out.mkdir(parents=True, exist_ok=True)
    state_path = args.out / ".feed-digests.json"
    previous = json.loads(state_path.read_text()) if state_path.exists() else {}
    digests = {}

    rinks = sorted({b["rink"] for b in bookings})
    for rink in rinks:
        name = f"rink-{rink}.ics"
        digests[name] = write_feed(args.out / name, f"Rink {rink}",
                                   [b for b in bookings if b["rink"] == rink])
    digests["all-rinks.ics"] = write_feed(args.out / "all-rinks.ics", "All rinks", bookings)

    changed = sorted(n for n, d in digests.items() if previous.get(n) != d)
    (args.out / "changes.json").write_text(json.dumps({"built": datetime.now().isoformat(timespec="seconds"),
                                                       "changed": changed}, indent=2))
    state_path.write_text(json.dumps(digests, indent=2))
    log.info("%d bookings across %d rinks; %d feeds changed", len(bookings), len(rinks), len(changed))
    return 0


if __name__ == "__main__":
    sys.exit(main())
