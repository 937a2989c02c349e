#!/usr/bin/env python3
"""Morning agenda from a CalDAV calendar.

Discovers the CalDAV endpoint of a domain through its _caldavs._tcp SRV
record (RFC 6764), downloads the user's calendar as iCalendar, picks the
events of the requested day and writes a Markdown agenda into the
working directory, ready to be pasted into the team chat.
"""

import argparse
import datetime as dt
import logging
import os
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import List, Optional

import dns.exception
import dns.resolver
import requests

LOG = logging.getLogger("agenda")


@dataclass
class Event:
    summary: str
    start: dt.datetime
    end: Optional[dt.datetime]
    location: str = ""


def discover_endpoint(domain: str) -> str:
    """Return https://host:port for the domain's CalDAV service."""
    try:
        answers = dns.resolver.resolve(f"_caldavs._tcp.{domain}", "SRV", lifetime=5)
    except (dns.resolver.NXDOMAIN, dns.resolver.NoAnswer, dns.exception.Timeout):
        LOG.info("no SRV record for %s, falling back to the bare domain", domain)
        return f"https://{domain}"
    best = sorted(answers, key=lambda r: (r.priority, -r.weight))[0]
    host = str(best.target).rstrip(".")
    return f"https://{host}:{best.port}" if best.port != 443 else f"https://{host}"


def parse_ics_datetime(value: str) -> dt.datetime:
    value = value.strip()
    if len(value) == 8:
        return dt.datetime.strptime(value, "%Y%m%d")
    if value.endswith("Z"):
        return dt.datetime.strptime(value, "%Y%m%dT%H%M%SZ").replace(tzinfo=dt.timezone.utc)
    return dt.datetime.strptime(value, "%Y%m%dT%H%M%S")


def unfold(text: str) -> List[str]:
    out: List[str] = []
    for line in text.splitlines():
        if line.startswith((" ", "\t")) and out:
            out[-1] += line[1:]
        else:
            out.append(line)
    return out


def parse_events(ics_text: str) -> List[Event]:
    events, cur = [], None
    for line in unfold(ics_text):
        if line == "BEGIN:VEVENT":
            cur = {}
        elif line == "END:VEVENT" and cur is not None:
            if "DTSTART" in cur:
                events.append(Event(
                    summary=cur.get("SUMMARY", "(no title)"),
                    start=parse_ics_datetime(cur["DTSTART"]),
                    end=parse_ics_datetime(cur["DTEND"]) if "DTEND" in cur else None,
                    location=cur.get("LOCATION", ""),
                ))
            cur = None
        elif cur is not None and ":" in line:
            key, _, val = line.partition(":")
            cur[key.split(";")[0]] = val
    return events


def fetch_calendar(base: str, path: str, user: str, password: str) -> str:
    url = f"{base.rstrip('/')}/{path.lstrip('/')}"
    LOG.debug("GET %s", url)
    resp = requests.get(url, auth=(user, password), timeout=15,
                        headers={"Accept": "text/calendar"})
    resp.raise_for_status()
    return resp.text


def render(day: dt.date, events: List[Event]) -> str:
    todays = sorted((e for e in events if e.start.date() == day), key=lambda e: e.start)
    lines = [f"## Agenda for {day:%A %d %B %Y}", ""]
    if not todays:
        lines.append("_No meetings today._")
    for e in todays:
        end = f"-{e.end:%H:%M}" if e.end else ""
        where = f" ({e.location})" if e.location else ""
        lines.append(f"- **{e.start:%H:%M}{end}** {e.summary}{where}")
    return "\n".join(lines) + "\n"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--domain", default=os.environ.get("CALDAV_DOMAIN", "example.com"))
    ap.add_argument("--calendar-path", default="/dav/calendars/me/work/?export")
    ap.add_argument("--date", type=dt.date.fromisoformat, default=dt.date.today())
    ap.add_argument("--out", type=Path, default=Path("agenda.md"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    user = os.environ.get("CALDAV_USER")
    password = os.environ.get("CALDAV_PASSWORD")
    if not (user and password):
        LOG.error("set CALDAV_USER and CALDAV_PASSWORD")
        return 2

    base = discover_endpoint(args.domain)
    try:
        ics = fetch_calendar(base, args.calendar_path, user, password)
    except requests.RequestException as exc:
        LOG.error("calendar download failed: %s", exc)
        return 1
    args.out.write_text(render(args.date, parse_events(ics)), encoding="utf-8")
    LOG.info("agenda written to %s", args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
