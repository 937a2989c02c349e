#!/usr/bin/env python3
"""Publish approved leave from the HRIS as a team iCalendar feed.

Fetches approved absences for the configured teams and writes one .ics file
per team that the shared calendars subscribe to.
"""
import argparse
import configparser
import datetime as dt
import logging
import os
import sys
import urllib.parse
import urllib.request
import json
from pathlib import Path

log = logging.getLogger("leave-ics")


def load_config(path):
    cfg = configparser.ConfigParser()
    cfg.read_dict({"hris": {"base_url": "https://hris-next.corp.example.com/api"},
                   "feed": {"teams": "finance,people,platform", "out_dir": "calendars",
                            "days_ahead": "90"}})
    cfg.read(path)
    return cfg


def fetch_absences(base_url, token, team, start, end):
    query = urllib.parse.urlencode({"team": team, "status": "approved",
                                    "from": start.isoformat(), "to": end.isoformat()})
    req = urllib.request.Request(f"{base_url}/absences?{query}",
                                 headers={"Authorization": f"Bearer {token}",
                                          "Accept": "application/json"})
    with urllib.request.urlopen(req, timeout=30) as resp:
        return json.load(resp)["absences"]


def ics_escape(text):
    return text.replace("\\", "\\\\").replace(";", "\\;").replace(",", "\\,").replace("\n", "\\n")


def to_ics(team, absences):
    stamp = dt.datetime.utcnow().strftime("%Y%m%dT%H%M%SZ")
    yield "BEGIN:VCALENDAR"
    yield "VERSION:2.0"
    yield "PRODID:-//corp//leave-ics//EN"
    yield f"X-WR-CALNAME:{ics_escape(team.title())} leave"
    for a in absences:
        start = dt.date.fromisoformat(a["start_date"])
        end = dt.date.fromisoformat(a["end_date"]) + dt.timedelta(days=1)
        yield "BEGIN:VEVENT"
        yield f"UID:{a['id']}@leave-ics"
        yield f"DTSTAMP:{stamp}"
        yield f"DTSTART;VALUE=DATE:{start:%Y%m%d}"
        yield f"DTEND;VALUE=DATE:{end:%Y%m%d}"
        yield f"SUMMARY:{ics_escape(a['employee_name'])} - {ics_escape(a.get('type', 'Leave'))}"
        yield "TRANSP:TRANSPARENT"
        yield "END:VEVENT"
    yield "END:VCALENDAR"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="leave_ics.ini")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    cfg = load_config(args.config)

    token = os.environ.get("HRIS_TOKEN")
    if not token:
        log.error("HRIS_TOKEN not set")
        return 2

    base_url = cfg["hris"]["base_url"]
    out_dir = Path(cfg["feed"]["out_dir"])
    out_dir.mkdir(parents=True, exist_ok=True)
    start = dt.date.today()
    end = start + dt.timedelta(days=cfg["feed"].getint("days_ahead"))
    failures = 0
    for team in [t.strip() for t in cfg["feed"]["teams"].split(",") if t.strip()]:
        try:
            absences = fetch_absences(base_url, token, team, start, end)
        except (OSError, ValueError, KeyError) as exc:
            log.error("team %s: %s", team, exc)
            failures += 1
            continue
        path = out_dir / f"{team}.ics"
        path.write_text("\r\n".join(to_ics(team, absences)) + "\r\n", encoding="utf-8")
        log.info("team %s: %d absences -> %s", team, len(absences), path)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
