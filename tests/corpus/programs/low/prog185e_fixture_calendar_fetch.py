#!/usr/bin/env python3
"""Fetch this season's fixtures from the league API and write a calendar.

Produces fixtures.csv and fixtures.ics in the current directory so the
fixtures secretary can upload them to the club website and members can
subscribe from their phones.
"""
import argparse
import csv
import hashlib
import json
import logging
import os
import urllib.request
from datetime import datetime, timedelta
from pathlib import Path

LOG = logging.getLogger("lhcc.fixtures")

API_BASE = os.environ.get("LEAGUE_API", "https://api.league.example.org/v1")
CLUB_ID = os.environ.get("LEAGUE_CLUB_ID", "4471")
CACHE_DIR = Path(".fixture_cache")
GROUND = "Little Hadley Recreation Ground"


def cached_get(url, timeout=20, refresh=False):
    CACHE_DIR.mkdir(exist_ok=True)
    key = hashlib.md5(url.encode()).hexdigest()
    path = CACHE_DIR / (key + ".json")
    if path.exists() and not refresh:
        return json.loads(path.read_text())
    req = urllib.request.Request(url, headers={"Accept": "application/json",
                                               "User-Agent": "lhcc-fixtures/0.9"})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        body = resp.read().decode("utf-8")
    path.write_text(body)
    return json.loads(body)


class Fixture:
    def __init__(self, raw):
        self.id = raw["id"]
        self.team = raw["team"]
        self.opponent = raw["opponent"]
        self.home = raw.get("venue") == "home"
        self.start = datetime.fromisoformat(raw["start"])
        self.overs = raw.get("overs", 40)

    @property
    def title(self):
        if self.home:
            return "%s v %s" % (self.team, self.opponent)
        return "%s v %s (away)" % (self.opponent, self.team)

    def ics(self):
        end = self.start + timedelta(hours=7 if self.overs >= 40 else 4)
        fmt = "%Y%m%dT%H%M%S"
        return "\r\n".join([
            "BEGIN:VEVENT",
            "UID:lhcc-%s@example.org" % self.id,
            "DTSTART:%s" % self.start.strftime(fmt),
            "DTEND:%s" % end.strftime(fmt),
            "SUMMARY:%s" % self.title,
            "LOCATION:%s" % (GROUND if self.home else self.opponent),
            "END:VEVENT",
        ])


def write_outputs(fixtures, stem):
    with open(stem.with_suffix(".csv"), "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["date", "team", "fixture", "home", "overs"])
        for f in fixtures:
            w.writerow([f.start.date(), f.team, f.title, f.home, f.overs])
    body = "\r\n".join(["BEGIN:VCALENDAR", "VERSION:2.0",
                        "PRODID:-//Little Hadley CC//fixtures//EN"]
                       + [f.ics() for f in fixtures] + ["END:VCALENDAR", ""])
    stem.with_suffix(".ics").write_text(body)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--season", default=str(datetime.now().year))
    ap.add_argument("--team", help="only this team, e.g. '2nd XI'")
    ap.add_argument("--refresh", action="store_true")
    ap.add_argument("--out", type=Path, default=Path("fixtures"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    url = "%s/clubs/%s/fixtures?season=%s" % (API_BASE, CLUB_ID, args.season)
    data = cached_get(url, refresh=args.refresh)
    fixtures = [Fixture(r) for r in data.get("fixtures", [])]
    if args.team:
        fixtures = [f for f in fixtures if f.team == args.team]
    fixtures.sort(key=lambda f: f.start)
    write_outputs(fixtures, args.out)
    LOG.info("%d fixtures written to %s.csv/.ics", len(fixtures), args.out)


if __name__ == "__main__":
    main()
