#!/usr/bin/env python3
"""Morning go/no-go check for each trek route.

Fetches the forecast for each route's start point from the TrailWeather API
and flags routes where wind, rain or heat make a llama string unsafe.
"""
import argparse
import json
import logging
import os
import sys
from pathlib import Path

import requests

LOG = logging.getLogger("trail-weather")

API_BASE = "https://api.trailweather.example/v2"

ROUTES = {
    "meadow-loop": {"lat": 54.41, "lon": -2.97, "exposed": False},
    "ridge-walk": {"lat": 54.45, "lon": -3.01, "exposed": True},
    "tarn-picnic": {"lat": 54.43, "lon": -2.99, "exposed": False},
}

LIMITS = {
    "gust_kph": {"exposed": 45, "sheltered": 60},
    "rain_mm_per_hr": 4.0,
    "temp_c": 26.0,
}


class TrailWeather:
    def __init__(self, api_key, base=API_BASE):
        self.base = base
        self.session = requests.Session()
        self.session.headers["Authorization"] = f"Bearer {api_key}"

    def forecast(self, lat, lon, hours=8):
        resp = self.session.get(
            f"{self.base}/forecast",
            params={"lat": lat, "lon": lon, "hours": hours, "units": "metric"},
            timeout=15,
        )
        resp.raise_for_status()
        return resp.json().get("hourly", [])


def assess(route, hourly):
    exposure = "exposed" if route["exposed"] else "sheltered"
    gust_limit = LIMITS["gust_kph"][exposure]
    reasons = []
    for hour in hourly:
        if hour.get("gust_kph", 0) > gust_limit:
            reasons.append(f"gusts {hour['gust_kph']} kph at {hour.get('time')}")
        if hour.get("rain_mm", 0) > LIMITS["rain_mm_per_hr"]:
            reasons.append(f"heavy rain at {hour.get('time')}")
        if hour.get("temp_c", 0) > LIMITS["temp_c"]:
            reasons.append(f"heat {hour['temp_c']}C at {hour.get('time')}")
    return ("NO-GO" if reasons else "GO"), reasons


def load_routes(path):
    if path and path.is_file():
        return json.loads(path.read_text())
    return ROUTES


def main():
    parser = argparse.ArgumentParser(description="Route go/no-go from the forecast")
    parser.add_argument("--routes", type=Path, help="JSON file of routes")
    parser.add_argument("--hours", type=int, default=8)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    api_key = os.environ.get("TRAILWEATHER_API_KEY")
    if not api_key:
        LOG.error("set TRAILWEATHER_API_KEY")
        return 2

    client = TrailWeather(api_key)
    results = {}
    for name, route in load_routes(args.routes).items():
        try:
            hourly = client.forecast(route["lat"], route["lon"], args.hours)
        except requests.RequestException as exc:
            LOG.warning("%s: forecast unavailable (%s)", name, exc)
            results[name] = {"decision": "UNKNOWN", "reasons": [str(exc)]}
            continue
        decision, reasons = assess(route, hourly)
        results[name] = {"decision": decision, "reasons": reasons}

    if args.json:
        print(json.dumps(results, indent=2))
    else:
        for name, result in results.items():
            print(f"{name:<14} {result['decision']}")
            for reason in result["reasons"][:3]:
                print(f"    - {reason}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
