#!/usr/bin/env python3
"""Post weather alerts for open-top departures to the booking platform.

Checks the forecast for each departure hour and, when rain or strong wind is
expected, posts an alert to the booking platform so that customers on the
upper deck are told in advance.
"""

import argparse
import logging
import os
import sys
from datetime import datetime, timedelta

import requests

LOG = logging.getLogger("weather_alerts")

FORECAST_URL = os.environ.get("FORECAST_URL", "https://api.weather.example/v1/hourly")
BOOKING_API = os.environ.get("BOOKING_API", "https://api.opentopbooking.example/v1")
RAIN_LIMIT_MM = 1.0
WIND_LIMIT_KMH = 45


class BookingClient:
    def __init__(self, base_url, api_key):
        self.base_url = base_url.rstrip("/")
        self.session = requests.Session()
        self.session.headers.update(
            {"Authorization": f"Bearer {api_key}", "Accept": "application/json"}
        )

    def departures(self, day):
        resp = self.session.get(f"{self.base_url}/departures", params={"date": day}, timeout=15)
        resp.raise_for_status()
        return resp.json().get("departures", [])

    def post_alert(self, departure_id, reason):
        body = {"departure_id": departure_id, "kind": "weather", "message": reason}
        resp = self.session.post(f"{self.base_url}/alerts", json=body, timeout=15)
        resp.raise_for_status()
        return resp.json().get("alert_id")


def hourly_forecast(lat, lon):
    resp = requests.get(FORECAST_URL, params={"lat": lat, "lon": lon}, timeout=15)
    resp.raise_for_status()
    return {item["time"][:13]: item for item in resp.json().get("hours", [])}


def assess(hour):
    reasons = []
    if hour.get("rain_mm", 0) >= RAIN_LIMIT_MM:
        reasons.append(f"rain {hour['rain_mm']} mm expected")
    if hour.get("wind_kmh", 0) >= WIND_LIMIT_KMH:
        reasons.append(f"wind {hour['wind_kmh']} km/h expected")
    return "; ".join(reasons)


def parse_args():
    parser = argparse.ArgumentParser(description="Weather alerts for departures")
    tomorrow = (datetime.now() + timedelta(days=1)).date().isoformat()
    parser.add_argument("--day", default=tomorrow)
    parser.add_argument("--lat", type=float, default=51.5)
    parser.add_argument("--lon", type=float, default=-0.12)
    parser.add_argument("--dry-run", action="store_true")
    return parser.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    api_key = os.environ.get("BOOKING_API_KEY")
    if not api_key:
        LOG.error("BOOKING_API_KEY is not set")
        return 2
    client = BookingClient(BOOKING_API, api_key)
    forecast = hourly_forecast(args.lat, args.lon)
    alerts = 0
    for dep in client.departures(args.day):
        hour = forecast.get(dep["departs_at"][:13])
        if not hour:
            continue
        reason = assess(hour)
        if not reason:
            continue
        if args.dry_run:
            LOG.info("would alert %s: %s", dep["id"], reason)
        else:
            client.post_alert(dep["id"], reason)
        alerts += 1
    LOG.info("%d alerts for %s", alerts, args.day)
    return 0


if __name__ == "__main__":
    sys.exit(main())
