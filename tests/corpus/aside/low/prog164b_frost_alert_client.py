#!/usr/bin/env python3
"""Checks the overnight forecast and raises a frost alert for the blossom blocks."""
import argparse
import json
import logging
import os
import sys
from datetime import datetime
from pathlib import Path

import requests

LOG = logging.getLogger("frost_alert")

API_BASE = "https://api.orchardweather.example/v2"
ORCHARD_LAT = float(os.environ.get("ORCHARD_LAT", "51.05"))
ORCHARD_LON = float(os.environ.get("ORCHARD_LON", "-2.75"))
ALERT_FILE = Path(os.environ.get("FROST_ALERT_FILE", "frost_alerts.jsonl"))


class WeatherClient:
    def __init__(self, api_key, base=API_BASE, timeout=10.0):
        self.base = base.rstrip("/")
        self.timeout = timeout
        self.session = requests.Session()
        self.session.headers.update({
            "X-Api-Key": api_key,
            "Accept": "application/json",
            "User-Agent": "frost-alert/0.9",
        })

    def hourly_forecast(self, lat, lon, hours):
        resp = self.session.get(
            f"{self.base}/forecast/hourly",
            params={"lat": lat, "lon": lon, "hours": hours, "units": "metric"},
            timeout=self.timeout,
        )
        resp.raise_for_status()
        return resp.json().get("hours", [])

    def subscribe_alert(self, lat, lon, threshold):
        resp = self.session.post(
            f"{self.base}/alerts",
            json={"lat": lat, "lon": lon, "type": "frost", "threshold_c": threshold},
            timeout=self.timeout,
        )
        resp.raise_for_status()
        return resp.json()


def frost_hours(hours, threshold):
    cold = []
    for hour in hours:
        temp = hour.get("temp_c")
        if temp is not None and temp <= threshold:
            cold.append((hour.get("time"), temp))
    return cold


def record_alert(cold, threshold):
    entry = {
        "checked_at": datetime.now().isoformat(timespec="minutes"),
        "threshold_c": threshold,
        "hours": [{"time": t, "temp_c": c} for t, c in cold],
        "lowest_c": min(c for _, c in cold),
    }
    with open(ALERT_FILE, "a", encoding="utf-8") as fh:
        fh.write(json.dumps(entry) + "\n")
    return entry


def main():
    parser = argparse.ArgumentParser(description="Overnight frost check for the orchard")
    parser.add_argument("--hours", type=int, default=12)
    parser.add_argument("--threshold", type=float, default=0.5)
    parser.add_argument("--subscribe", action="store_true",
                        help="also register a push alert with the weather service")
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    api_key = os.environ.get("ORCHARD_WEATHER_API_KEY")
    if not api_key:
        LOG.error("ORCHARD_WEATHER_API_KEY is not set")
        return 1

    client = WeatherClient(api_key)
    try:
        hours = client.hourly_forecast(ORCHARD_LAT, ORCHARD_LON, args.hours)
        if args.subscribe:
            client.subscribe_alert(ORCHARD_LAT, ORCHARD_LON, args.threshold)
    except requests.RequestException as exc:
        LOG.error("weather service error: %s", exc)
        return 2

    cold = frost_hours(hours, args.threshold)
    if not cold:
        LOG.info("no frost expected in the next %d hours", args.hours)
        return 0
    entry = record_alert(cold, args.threshold)
    LOG.warning("frost risk: %d hours at or below %.1f C (lowest %.1f C); start the fans",
                len(cold), args.threshold, entry["lowest_c"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
