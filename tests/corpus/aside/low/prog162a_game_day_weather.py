#!/usr/bin/env python3
"""Game day weather check.

Asks the weather provider for the forecast at the site and decides whether
the woodland and speedball fields should open, then posts the decision to
the booking system so customers get a text the evening before.
"""

import argparse
import logging
import os
import sys
from datetime import date, timedelta

import requests

LOG = logging.getLogger("game-day-weather")

WEATHER_API = "https://api.weatherdesk.example/v2/forecast"
BOOKING_API = "https://bookings.paintball-site.example/api/notices"

SITE_LAT = 51.501
SITE_LON = -0.142

MAX_WIND_KPH = 55
MAX_RAIN_MM = 12
MIN_TEMP_C = -2


class WeatherClient:
    def __init__(self, api_key, base_url=WEATHER_API):
        self.base_url = base_url
        self.session = requests.Session()
        self.session.headers["X-Api-Key"] = api_key

    def forecast(self, lat, lon, day):
        resp = self.session.get(
            self.base_url,
            params={"lat": lat, "lon": lon, "date": day.isoformat(), "units": "metric"},
            timeout=10,
        )
        resp.raise_for_status()
        return resp.json()


def decide(forecast):
    reasons = []
    wind = forecast.get("wind_gust_kph", 0)
    rain = forecast.get("precip_mm", 0)
    temp = forecast.get("temp_min_c", 10)
    if wind > MAX_WIND_KPH:
        reasons.append(f"gusts {wind} km/h")
    if rain > MAX_RAIN_MM:
        reasons.append(f"{rain} mm rain")
    if temp < MIN_TEMP_C:
        reasons.append(f"low of {temp} C")
    if forecast.get("thunder", False):
        reasons.append("thunderstorms")
    return (not reasons), reasons


def post_notice(api_key, day, open_fields, reasons):
    body = {
        "date": day.isoformat(),
        "status": "open" if open_fields else "closed",
        "reasons": reasons,
        "audience": "booked_customers",
    }
    resp = requests.post(
        BOOKING_API,
        json=body,
        headers={"Authorization": f"Bearer {api_key}"},
        timeout=10,
    )
    resp.raise_for_status()
    return resp.json().get("notice_id")


def main():
    parser = argparse.ArgumentParser(description="Decide whether to open tomorrow")
    parser.add_argument("--days-ahead", type=int, default=1)
    parser.add_argument("--no-post", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    weather_key = os.environ.get("WEATHERDESK_API_KEY")
    booking_key = os.environ.get("BOOKING_API_KEY")
    if not weather_key:
        LOG.error("WEATHERDESK_API_KEY is not set")
        return 2

    day = date.today() + timedelta(days=args.days_ahead)
    client = WeatherClient(weather_key)
    try:
        forecast = client.forecast(SITE_LAT, SITE_LON, day)
    except requests.RequestException as exc:
        LOG.error("forecast unavailable: %s", exc)
        return 1

    open_fields, reasons = decide(forecast)
    LOG.info("%s: %s %s", day, "OPEN" if open_fields else "CLOSED", ", ".join(reasons))

    if args.no_post or not booking_key:
        LOG.info("not posting notice")
        return 0

    notice = post_notice(booking_key, day, open_fields, reasons)
    LOG.info("posted notice %s", notice)
    return 0


if __name__ == "__main__":
    sys.exit(main())
