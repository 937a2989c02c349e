#!/usr/bin/env python3
"""Check forecast wind speed against each ride's operating limit.

Tall rides (the big wheel, the drop tower, the star flyer) must stop above
their manufacturer's wind limit. This pulls the hourly forecast for the
ground and prints which rides are expected to be stood down and when.
"""
import argparse
import logging
import os
import sys
from datetime import datetime

import requests

LOG = logging.getLogger("wind-check")

API_BASE = "https://api.weather-service.example/v1"

RIDE_LIMITS_MS = {
    "Big Wheel": 15.0,
    "Drop Tower": 13.0,
    "Star Flyer": 12.0,
    "Waltzer": 20.0,
    "Dodgems": 25.0,
}


class ForecastClient:
    def __init__(self, api_key, base=API_BASE, timeout=10):
        self.base = base
        self.timeout = timeout
        self.session = requests.Session()
        self.session.headers.update({"Authorization": "Bearer %s" % api_key,
                                     "Accept": "application/json"})

    def hourly(self, lat, lon, hours):
        resp = self.session.get(
            "%s/forecast/hourly" % self.base,
            params={"lat": lat, "lon": lon, "hours": hours, "units": "metric"},
            timeout=self.timeout,
        )
        resp.raise_for_status()
        return resp.json().get("hours", [])


def gust(hour):
    return max(float(hour.get("wind_speed", 0)), float(hour.get("wind_gust", 0)))


def stand_downs(hours, limits):
    result = {ride: [] for ride in limits}
    for h in hours:
        g = gust(h)
        for ride, limit in limits.items():
            if g > limit:
                result[ride].append((h.get("time"), g))
    return result


def fmt_time(ts):
    try:
        return datetime.fromisoformat(ts).strftime("%a %H:%M")
    except (TypeError, ValueError):
        return str(ts)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--lat", type=float, required=True)
    ap.add_argument("--lon", type=float, required=True)
    ap.add_argument("--hours", type=int, default=12)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    key = os.environ.get("WEATHER_API_KEY")
    if not key:
        LOG.error("WEATHER_API_KEY is not set")
        return 2
    client = ForecastClient(key)
    try:
        hours = client.hourly(args.lat, args.lon, args.hours)
    except requests.RequestException as exc:
        LOG.error("forecast unavailable: %s", exc)
        return 1

    downs = stand_downs(hours, RIDE_LIMITS_MS)
    any_down = False
    for ride in sorted(downs):
        periods = downs[ride]
        if not periods:
            print("%-12s OK for the next %d hours" % (ride, args.hours))
            continue
        any_down = True
        first, worst = periods[0][0], max(g for _, g in periods)
        print("%-12s STAND DOWN from %s (peak %.1f m/s, limit %.1f)" % (
            ride, fmt_time(first), worst, RIDE_LIMITS_MS[ride]))
    return 3 if any_down else 0


if __name__ == "__main__":
    sys.exit(main())
