#!/usr/bin/env python3
"""Outdoor lane weather notice.

Checks the forecast for the venue's outdoor lanes and, if rain or strong
wind is expected during opening hours, posts a notice to the booking
system so front-desk staff can move groups indoors.
"""
import argparse
import json
import logging
import os
import sys
from pathlib import Path

import requests

LOG = logging.getLogger("weather")

FORECAST_URL = "https://api.open-meteo.com/v1/forecast"
BOOKING_API = "https://api.example.com/v2/notices"
OPEN_HOURS = range(12, 23)
THRESHOLDS = {"precipitation_probability": 60, "wind_speed_10m": 35}


def fetch_forecast(lat, lon):
    params = {
        "latitude": lat,
        "longitude": lon,
        "hourly": ",".join(THRESHOLDS),
        "forecast_days": 1,
        "timezone": "auto",
    }
    resp = requests.get(FORECAST_URL, params=params, timeout=15)
    resp.raise_for_status()
    return resp.json()["hourly"]


def bad_hours(hourly):
    flagged = []
    for i, stamp in enumerate(hourly["time"]):
        hour = int(stamp[11:13])
        if hour not in OPEN_HOURS:
            continue
        reasons = [k for k, limit in THRESHOLDS.items() if (hourly[k][i] or 0) >= limit]
        if reasons:
            flagged.append({"hour": hour, "reasons": reasons})
    return flagged


def post_notice(flagged, api_key):
    body = {
        "type": "outdoor_lanes",
        "severity": "warning",
        "message": "Weather risk for outdoor lanes at "
                   + ", ".join(f"{f['hour']}:00" for f in flagged),
    }
    resp = requests.post(BOOKING_API, json=body, timeout=15,
                         headers={"Authorization": f"Bearer {api_key}"})
    resp.raise_for_status()
    return resp.json().get("id")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--lat", type=float, default=52.52)
    ap.add_argument("--lon", type=float, default=13.41)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--save", type=Path, default=Path("weather_check.json"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        flagged = bad_hours(fetch_forecast(args.lat, args.lon))
    except (requests.RequestException, KeyError) as exc:
        LOG.error("forecast unavailable: %s", exc)
        return 1

    args.save.write_text(json.dumps(flagged, indent=2))
    args.save.chmod(0o600)

    if not flagged:
        LOG.info("no weather issues for outdoor lanes today")
        return 0
    if args.dry_run:
        LOG.info("would post notice for %d hours", len(flagged))
        return 0

    api_key = os.environ.get("BOOKING_API_KEY")
    if not api_key:
        LOG.error("BOOKING_API_KEY is not set")
        return 2
    try:
        LOG.info("notice posted: %s", post_notice(flagged, api_key))
    except requests.RequestException as exc:
        LOG.error("could not post notice: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
