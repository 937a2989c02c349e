#!/usr/bin/env python3
"""Summarise retort cycles and report them to the emissions dashboard.

Reads the per-cycle CSV logs imported from the chamber's data logger,
computes duration, peak and average secondary chamber temperature, and
posts the daily summary to the council's emissions reporting API.
"""
import argparse
import csv
import datetime as dt
import json
import logging
import os
import statistics
from pathlib import Path

import requests

LOG = logging.getLogger("cycle-stats")

CYCLE_DIR = Path(os.environ.get("CYCLE_DIR", "./cycles"))
API_URL = os.environ.get("EMISSIONS_API", "https://emissions.example.gov/api/v1/daily")
API_KEY_VAR = "EMISSIONS_API_KEY"
MIN_SECONDARY_C = 850


class Cycle:
    def __init__(self, path):
        self.path = path
        self.times = []
        self.primary = []
        self.secondary = []
        self._load()

    def _load(self):
        with self.path.open(newline="") as fh:
            for row in csv.DictReader(fh):
                try:
                    self.times.append(dt.datetime.fromisoformat(row["time"]))
                    self.primary.append(float(row["chamber_c"]))
                    self.secondary.append(float(row["secondary_c"]))
                except (KeyError, ValueError):
                    continue

    @property
    def day(self):
        return self.times[0].date() if self.times else None

    def summary(self):
        if not self.times:
            return None
        below = sum(1 for t in self.secondary if t < MIN_SECONDARY_C)
        return {
            "cycle": self.path.stem,
            "start": self.times[0].isoformat(),
            "minutes": round((self.times[-1] - self.times[0]).total_seconds() / 60, 1),
            "peak_primary_c": max(self.primary),
            "mean_secondary_c": round(statistics.fmean(self.secondary), 1),
            "samples_below_min": below,
        }


def collect(directory, day):
    out = []
    for path in sorted(directory.glob("*.csv")):
        cycle = Cycle(path)
        if cycle.day == day:
            s = cycle.summary()
            if s:
                out.append(s)
    return out


def post_summary(day, cycles, site):
    key = os.environ.get(API_KEY_VAR)
    if not key:
        LOG.error("%s not set; not posting", API_KEY_VAR)
        return False
    body = {"site": site, "date": day.isoformat(), "cycles": cycles}
    resp = requests.post(API_URL, json=body, timeout=30,
                         headers={"Authorization": f"Bearer {key}"})
    if resp.ok:
        LOG.info("posted %d cycles for %s", len(cycles), day)
        return True
    LOG.error("dashboard rejected summary: %s %s", resp.status_code, resp.text[:200])
    return False


def main():
    parser = argparse.ArgumentParser(description="Daily retort cycle summary")
    parser.add_argument("--date", help="YYYY-MM-DD, default yesterday")
    parser.add_argument("--site", default=os.environ.get("SITE_ID", "PCREM-014"))
    parser.add_argument("--no-post", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    day = dt.date.fromisoformat(args.date) if args.date else dt.date.today() - dt.timedelta(days=1)
    cycles = collect(CYCLE_DIR, day)
    for c in cycles:
        flag = " LOW SECONDARY" if c["samples_below_min"] else ""
        print(f"{c['cycle']:<20} {c['minutes']:>6} min  peak {c['peak_primary_c']:.0f} C{flag}")
    print(json.dumps({"date": day.isoformat(), "count": len(cycles)}))
    if cycles and not args.no_post:
        return 0 if post_summary(day, cycles, args.site) else 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
