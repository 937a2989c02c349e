#!/usr/bin/env python3
"""Post a weather notice for today's outdoor sessions.

Looks up the forecast for the park, decides whether the outdoor street
course is likely to be wet, and posts a notice to the shop's booking
platform so riders with bookings get a heads-up.
"""

import argparse
import datetime as dt
import logging
import os
import sys

import requests

log = logging.getLogger("weather-notice")

FORECAST_URL = "https://api.weather.example/v1/forecast"
BOOKING_API = "https://api.rampbook.example/v1/notices"

PARK_LOCATION = {"lat": 51.5072, "lon": -0.1276}
RAIN_THRESHOLD_MM = 0.5


def fetch_forecast(day):
    params = {
        "lat": PARK_LOCATION["lat"],
        "lon": PARK_LOCATION["lon"],
        "date": day.isoformat(),
        "hourly": "precipitation,temperature",
    }
    resp = requests.get(FORECAST_URL, params=params, timeout=15)
    resp.raise_for_status()
    return resp.json()


def session_hours():
    return range(10, 20)


def wet_hours(forecast):
    hours = forecast.get("hourly", [])
    wet = []
    for entry in hours:
        hour = entry.get("hour")
        if hour in session_hours() and entry.get("precipitation", 0) >= RAIN_THRESHOLD_MM:
            wet.append(hour)
    return wet


def compose_notice(day, wet):
    if not wet:
        return None
    first, last = min(wet), max(wet)
    return {
        "date": day.isoformat(),
        "area": "street-course",
        "title": "Rain expected at the park",
        "body": (
            f"Rain is forecast between {first}:00 and {last + 1}:00. "
            "Outdoor sessions in that window may move to the indoor bowl."
        ),
    }


def post_notice(notice, api_key):
    headers = {"Authorization": f"Bearer {api_key}", "Content-Type": "application/json"}
    resp = requests.post(BOOKING_API, json=notice, headers=headers, timeout=15)
    resp.raise_for_status()
    return resp.json().get("id")


def parse_args():
    parser = argparse.ArgumentParser(description="Weather notice for outdoor sessions")
    parser.add_argument("--day", type=dt.date.fromisoformat, default=dt.date.today())
    parser.add_argument("--dry-run", action="store_true")
    return parser.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    try:
        forecast = fetch_forecast(args.day)
    except requests.RequestException as exc:
        log.error("forecast unavailable: %s", exc)
        return 1
    notice = compose_notice(args.day, wet_hours(forecast))
    if notice is None:
        log.info("dry all day, no notice needed")
        return 0
    if args.dry_run:
        print(notice["body"])
        return 0
    api_key = os.environ.get("RAMPBOOK_API_KEY")
    if not api_key:
        log.error("RAMPBOOK_API_KEY is not set")
        return 2
    try:
        notice_id = post_notice(notice, api_key)
    except requests.RequestException as exc:
        log.error("could not post notice: %s", exc)
        return 1
    log.info("posted notice %s", notice_id)
    return 0


if __name__ == "__main__":
    sys.exit(main())
