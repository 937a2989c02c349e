#!/usr/bin/env python3
"""Morning wind check for climbing crews.

Pulls the hourly forecast for each of today's job sites and flags any hour
where gusts go over the crew's climbing limit, so the crew lead can reshuffle
jobs before the trucks leave the depot.
"""
import argparse
import csv
import json
import logging
import os
import sys
import urllib.parse
import urllib.request
from datetime import date
from pathlib import Path

log = logging.getLogger("wind_check")

FORECAST_URL = os.environ.get(
    "FORECAST_URL", "https://api.weather.example.com/v1/forecast")
GUST_LIMIT_KMH = float(os.environ.get("GUST_LIMIT_KMH", "45"))
WORK_HOURS = range(6, 17)


def load_jobs(path):
    with open(path, newline="", encoding="utf-8") as fh:
        return [row for row in csv.DictReader(fh)
                if row.get("date", str(date.today())) == str(date.today())]


def fetch_forecast(lat, lon, timeout=10):
    query = urllib.parse.urlencode({
        "latitude": lat,
        "longitude": lon,
        "hourly": "wind_speed_10m,wind_gusts_10m,precipitation",
        "forecast_days": 1,
        "timezone": "auto",
    })
    url = f"{FORECAST_URL}?{query}"
    log.debug("GET %s", url)
    with urllib.request.urlopen(url, timeout=timeout) as resp:
        return json.load(resp)


def windy_hours(forecast, limit):
    hourly = forecast.get("hourly", {})
    times = hourly.get("time", [])
    gusts = hourly.get("wind_gusts_10m", [])
    rain = hourly.get("precipitation", [0] * len(times))
    bad = []
    for t, g, r in zip(times, gusts, rain):
        hour = int(t[11:13])
        if hour in WORK_HOURS and (g or 0) >= limit:
            bad.append((t[11:16], g, r))
    return bad


def main():
    ap = argparse.ArgumentParser(description="Climbing wind check")
    ap.add_argument("jobs", type=Path, nargs="?", default=Path("todays_jobs.csv"))
    ap.add_argument("--limit", type=float, default=GUST_LIMIT_KMH,
                    help="gust limit in km/h")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(message)s")

    if not args.jobs.exists():
        log.error("job sheet %s not found", args.jobs)
        return 1

    jobs = load_jobs(args.jobs)
    if not jobs:
        print("no jobs scheduled today")
        return 0

    flagged = 0
    for job in jobs:
        try:
            fc = fetch_forecast(job["lat"], job["lon"])
        except (OSError, ValueError) as exc:
            print(f"{job['job_no']:>6}  {job['address']}: forecast unavailable ({exc})")
            continue
        bad = windy_hours(fc, args.limit)
        climb = job.get("climb", "yes").lower() == "yes"
        if bad and climb:
            flagged += 1
            hrs = ", ".join(f"{h} ({g:.0f} km/h)" for h, g, _ in bad)
            print(f"{job['job_no']:>6}  {job['address']}: NO CLIMB - gusts {hrs}")
        else:
            print(f"{job['job_no']:>6}  {job['address']}: ok")

    print(f"\n{flagged} of {len(jobs)} jobs need rescheduling or an EWP")
    return 0


if __name__ == "__main__":
    sys.exit(main())
