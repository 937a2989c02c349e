#!/usr/bin/env python3
"""Turn the enrichment plan into an iCalendar feed for keepers' phones.

enrichment_plan.yaml lists recurring enrichment items per animal group,
e.g.

    otters:
      keeper: J. Okafor
      location: Otter Creek
      items:
        - {title: "Scatter feed", weekdays: [mon, thu], time: "10:30", minutes: 20}
        - {title: "Ice block", weekdays: [sat], time: "14:00", minutes: 30}

Public holidays are fetched from the national holiday API so that items
flagged `skip_holidays: true` are left out on bank-holiday opening days.
The .ics file is written to the working directory for the intranet to pick up.
"""
import argparse
import hashlib
import logging
import sys
from datetime import date, datetime, timedelta
from pathlib import Path

import requests
import yaml

log = logging.getLogger("enrichment-ics")

WEEKDAYS = {"mon": 0, "tue": 1, "wed": 2, "thu": 3, "fri": 4, "sat": 5, "sun": 6}
HOLIDAY_API = "https://date.nager.at/api/v3/PublicHolidays/{year}/{country}"


def fetch_holidays(years, country, timeout=10):
    found = set()
    for year in sorted(years):
        try:
            resp = requests.get(HOLIDAY_API.format(year=year, country=country), timeout=timeout)
            resp.raise_for_status()
            found.update(date.fromisoformat(h["date"]) for h in resp.json())
        except (requests.RequestException, ValueError, KeyError) as exc:
            log.warning("holiday lookup for %s failed (%s); not skipping any days", year, exc)
    return found


def occurrences(item, start, days, holidays):
    wanted = {WEEKDAYS[d.lower()[:3]] for d in item.get("weekdays", [])}
    hh, mm = (int(x) for x in str(item.get("time", "09:00")).split(":"))
    for n in range(days):
        day = start + timedelta(days=n)
        if day.weekday() not in wanted:
            continue
        if item.get("skip_holidays") and day in holidays:
            continue
        begin = datetime(day.year, day.month, day.day, hh, mm)
        yield begin, begin + timedelta(minutes=int(item.get("minutes", 30)))


def ics_escape(text):
    return str(text).replace("\\", "\\\\").replace(";", "\\;").replace(",", "\\,").replace("\n", "\\n")


def build_calendar(plan, start, days, holidays, tzid):
    stamp = datetime.utcnow().strftime("%Y%m%dT%H%M%SZ")
    lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Zoo Keepers//Enrichment//EN",
             "CALSCALE:GREGORIAN", "X-WR-CALNAME:Enrichment"]
    count = 0
    for group, spec in sorted(plan.items()):
        for item in spec.get("items", []):
            for begin, end in occurrences(item, start, days, holidays):
                uid_src = f"{group}|{item['title']}|{begin.isoformat()}"
                uid = hashlib.sha256(uid_src.encode()).hexdigest()[:24]
                lines += [
                    "BEGIN:VEVENT",
                    f"UID:{uid}@enrichment",
                    f"DTSTAMP:{stamp}",
                    f"DTSTART;TZID={tzid}:{begin:%Y%m%dT%H%M%S}",
                    f"DTEND;TZID={tzid}:{end:%Y%m%dT%H%M%S}",
                    f"SUMMARY:{ics_escape(group.title() + ': ' + item['title'])}",
                    f"LOCATION:{ics_escape(spec.get('location', ''))}",
                    f"DESCRIPTION:{ics_escape('Keeper: ' + spec.get('keeper', 'tbc'))}",
                    "END:VEVENT",
                ]
                count += 1
    lines.append("END:VCALENDAR")
    return "\r\n".join(lines) + "\r\n", count


def main(argv=None):
    ap = argparse.ArgumentParser(description="Build an .ics feed from the enrichment plan")
    ap.add_argument("--plan", type=Path, default=Path("enrichment_plan.yaml"))
    ap.add_argument("--days", type=int, default=28)
    ap.add_argument("--start", default=date.today().isoformat())
    ap.add_argument("--country", default="GB")
    ap.add_argument("--tz", default="Europe/London")
    ap.add_argument("-o", "--output", type=Path, default=Path("enrichment.ics"))
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        plan = yaml.safe_load(args.plan.read_text()) or {}
    except (OSError, yaml.YAMLError) as exc:
        log.error("cannot read plan %s: %s", args.plan, exc)
        return 2
    start = date.fromisoformat(args.start)
    end = start + timedelta(days=args.days)
    holidays = fetch_holidays({start.year, end.year}, args.country)
    text, count = build_calendar(plan, start, args.days, holidays, args.tz)
    args.output.write_text(text)
    log.info("wrote %d event(s) to %s", count, args.output)
    return 0


if __name__ == "__main__":
    sys.exit(main())
