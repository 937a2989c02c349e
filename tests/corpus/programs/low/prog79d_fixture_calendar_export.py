#!/usr/bin/env python3
"""Export a team's fixtures as an iCalendar file parents can subscribe to.

Reads fixtures.json (as written by the fixture scheduler), filters one
team's games and writes <team>.ics in the working directory. Public
holidays are fetched once and cached in ./.fixture_cache so games that fall
on a holiday get a note in the event description.
"""
import argparse
import datetime as dt
import hashlib
import json
import logging
import shutil
import sys
import urllib.error
import urllib.request
import uuid
from pathlib import Path

log = logging.getLogger("fixture-ics")

CACHE_DIR = Path(".fixture_cache")
HOLIDAY_URL = "https://date.nager.at/api/v3/PublicHolidays/{year}/{country}"
KICKOFF = {"senior": dt.time(15, 0), "junior": dt.time(10, 30), "vets": dt.time(14, 0)}


def cache_path(url):
    return CACHE_DIR / (hashlib.md5(url.encode()).hexdigest() + ".json")


def fetch_holidays(year, country):
    url = HOLIDAY_URL.format(year=year, country=country)
    cached = cache_path(url)
    if cached.exists():
        return json.loads(cached.read_text())
    try:
        with urllib.request.urlopen(url, timeout=10) as resp:
            data = json.load(resp)
    except (urllib.error.URLError, TimeoutError, json.JSONDecodeError) as exc:
        log.warning("holiday lookup failed (%s); continuing without", exc)
        return []
    CACHE_DIR.mkdir(exist_ok=True)
    cached.write_text(json.dumps(data))
    return data


def ics_escape(text):
    return (text.replace("\\", "\\\\").replace(";", "\\;")
                .replace(",", "\\,").replace("\n", "\\n"))


def build_events(fixtures, team, section, holidays, duration):
    start_time = KICKOFF.get(section, KICKOFF["senior"])
    names = {h["date"]: h.get("localName", h.get("name", "")) for h in holidays}
    stamp = dt.datetime.utcnow().strftime("%Y%m%dT%H%M%SZ")
    for fx in fixtures:
        if team not in (fx["home"], fx["away"]):
            continue
        day = dt.date.fromisoformat(fx["date"])
        start = dt.datetime.combine(day, start_time)
        end = start + dt.timedelta(minutes=duration)
        where = "Home" if fx["home"] == team else "Away"
        desc = f"Round {fx.get('round', '?')} - {where}"
        if fx["date"] in names:
            desc += f"\nNote: public holiday ({names[fx['date']]})"
        uid = uuid.uuid5(uuid.NAMESPACE_URL, f"{fx['home']}-{fx['away']}-{fx['date']}")
        yield "\r\n".join([
            "BEGIN:VEVENT",
            f"UID:{uid}@fixtures",
            f"DTSTAMP:{stamp}",
            f"DTSTART:{start.strftime('%Y%m%dT%H%M%S')}",
            f"DTEND:{end.strftime('%Y%m%dT%H%M%S')}",
            f"SUMMARY:{ics_escape(fx['home'] + ' v ' + fx['away'])}",
            f"LOCATION:{ics_escape(fx.get('venue', fx['home'] + ' ground'))}",
            f"DESCRIPTION:{ics_escape(desc)}",
            "END:VEVENT",
        ])


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("team", nargs="?")
    ap.add_argument("--fixtures", default="fixtures.json")
    ap.add_argument("--section", choices=sorted(KICKOFF), default="senior")
    ap.add_argument("--country", default="GB")
    ap.add_argument("--duration", type=int, default=110, help="minutes per event")
    ap.add_argument("--clean", action="store_true", help="remove the holiday cache")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.clean:
        shutil.rmtree(CACHE_DIR, ignore_errors=True)
        log.info("cache cleared")
        if not args.team:
            return 0
    if not args.team:
        ap.error("team is required")

    try:
        fixtures = json.loads(Path(args.fixtures).read_text())
    except (OSError, json.JSONDecodeError) as exc:
        log.error("cannot read %s: %s", args.fixtures, exc)
        return 1

    years = {fx["date"][:4] for fx in fixtures}
    holidays = [h for y in sorted(years) for h in fetch_holidays(y, args.country)]
    events = list(build_events(fixtures, args.team, args.section, holidays, args.duration))
    if not events:
        log.error("no fixtures found for %r", args.team)
        return 1

    cal = "\r\n".join(["BEGIN:VCALENDAR", "VERSION:2.0",
                       "PRODID:-//club fixtures//EN",
                       f"X-WR-CALNAME:{ics_escape(args.team)} fixtures",
                       *events, "END:VCALENDAR"]) + "\r\n"
    out = Path(args.team.lower().replace(" ", "_") + ".ics")
    out.write_text(cal, encoding="utf-8")
    log.info("wrote %d events to %s", len(events), out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
