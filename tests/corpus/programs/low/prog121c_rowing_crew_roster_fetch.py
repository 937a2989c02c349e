#!/usr/bin/env python3
"""Fetch this week's crew rosters from the club's membership system.

Coaches publish crews in the membership system; the boathouse whiteboard
printout and the launch drivers want a flat CSV.  This pulls the rosters
for a squad over the membership API (read-only key from the environment),
pages through the results and writes rosters_<squad>.csv.
"""
import argparse
import csv
import datetime as dt
import logging
import os
import sys
from pathlib import Path

import requests

log = logging.getLogger("roster_fetch")

API_BASE = os.environ.get("CLUB_API_BASE", "https://members.example-rowing.org/api/v1")
PAGE_SIZE = 50


class RosterClient:
    def __init__(self, base, key, timeout=15):
        self.base = base.rstrip("/")
        self.session = requests.Session()
        self.session.headers.update({
            "X-Api-Key": key,
            "Accept": "application/json",
            "User-Agent": "boathouse-roster/0.9",
        })
        self.timeout = timeout

    def pages(self, squad, week_start):
        page = 1
        while True:
            resp = self.session.get(
                f"{self.base}/squads/{squad}/crews",
                params={"week": week_start.isoformat(), "page": page, "per_page": PAGE_SIZE},
                timeout=self.timeout,
            )
            resp.raise_for_status()
            body = resp.json()
            yield from body.get("crews", [])
            if not body.get("next_page"):
                break
            page = body["next_page"]


def flatten(crews):
    for crew in crews:
        for seat in sorted(crew.get("seats", []), key=lambda s: s.get("seat", 0)):
            yield {
                "outing": crew.get("outing_start", ""),
                "boat": crew.get("boat", ""),
                "crew": crew.get("name", ""),
                "seat": "cox" if seat.get("seat") == 0 else seat.get("seat"),
                "rower": seat.get("member", ""),
                "side": seat.get("side", ""),
                "coach": crew.get("coach", ""),
            }


def monday_of(day):
    return day - dt.timedelta(days=day.weekday())


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("squad", help="squad slug, e.g. senior-men, j16")
    ap.add_argument("--week", help="any date in the week (YYYY-MM-DD); default this week")
    ap.add_argument("--out-dir", default=".")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    key = os.environ.get("CLUB_API_KEY")
    if not key:
        log.error("set CLUB_API_KEY to the read-only membership API key")
        return 2

    try:
        day = dt.date.fromisoformat(args.week) if args.week else dt.date.today()
    except ValueError:
        log.error("bad --week date %r", args.week)
        return 2

    client = RosterClient(API_BASE, key)
    out = Path(args.out_dir) / f"rosters_{args.squad}.csv"
    fields = ["outing", "boat", "crew", "seat", "rower", "side", "coach"]
    rows = 0
    try:
        with out.open("w", newline="", encoding="utf-8") as fh:
            w = csv.DictWriter(fh, fieldnames=fields)
            w.writeheader()
            for row in flatten(client.pages(args.squad, monday_of(day))):
                w.writerow(row)
                rows += 1
    except requests.RequestException as exc:
        log.error("membership API error: %s", exc)
        return 1
    log.info("wrote %d seats to %s", rows, out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
