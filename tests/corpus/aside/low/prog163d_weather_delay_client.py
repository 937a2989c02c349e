#!/usr/bin/env python3
"""Check the morning forecast for each route area and flag likely delays.

Uses the forecast provider's API (key from WEATHER_API_KEY) and writes a
short delay advisory the office can read out to schools.
"""
import argparse
import json
import logging
import os
import sys
from datetime import datetime
from pathlib import Path

import requests

log = logging.getLogger("weather_delay")

API_BASE = "https://api.forecast-provider.example/v2"
AREAS = {
    "north": (51.531, -0.152),
    "town": (51.505, -0.140),
    "valley": (51.478, -0.171),
}

THRESHOLDS = {"snow_mm": 2.0, "ice_temp_c": 0.5, "gust_kph": 70.0, "rain_mm": 12.0}


class ForecastClient:
    def __init__(self, api_key, timeout=10):
        self.session = requests.Session()
        self.session.headers.update({"Authorization": f"Bearer {api_key}",
                                     "Accept": "application/json"})
        self.timeout = timeout

    def hourly(self, lat, lon, hours=6):
        resp = self.session.get(f"{API_BASE}/hourly",
                                params={"lat": lat, "lon": lon, "hours": hours},
                                timeout=self.timeout)
        resp.raise_for_status()
        return resp.json().get("hours", [])


def assess(hours):
    reasons = []
    for h in hours:
        if h.get("snow_mm", 0) >= THRESHOLDS["snow_mm"]:
            reasons.append(f"snow {h['snow_mm']}mm at {h.get('time')}")
        if h.get("temp_c", 10) <= THRESHOLDS["ice_temp_c"] and h.get("precip_mm", 0) > 0:
            reasons.append(f"ice risk at {h.get('time')}")
        if h.get("gust_kph", 0) >= THRESHOLDS["gust_kph"]:
            reasons.append(f"gusts {h['gust_kph']}kph at {h.get('time')}")
        if h.get("rain_mm", 0) >= THRESHOLDS["rain_mm"]:
            reasons.append(f"heavy rain at {h.get('time')}")
    return sorted(set(reasons))


def write_advisory(results, path):
    lines = [f"Route weather advisory {datetime.now():%A %d %B %H:%M}", ""]
    for area, reasons in results.items():
        if reasons:
            lines.append(f"{area.upper()}: possible delays - " + "; ".join(reasons))
        else:
            lines.append(f"{area.upper()}: no weather delays expected")
    Path(path).write_text("\n".join(lines) + "\n")
    return lines


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hours", type=int, default=6)
    parser.add_argument("--out", default="advisory.txt")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    key = os.environ.get("WEATHER_API_KEY")
    if not key:
        log.error("WEATHER_API_KEY is not set")
        return 1
    client = ForecastClient(key)

    results = {}
    for area, (lat, lon) in AREAS.items():
        try:
            results[area] = assess(client.hourly(lat, lon, args.hours))
        except requests.RequestException as exc:
            log.warning("%s: forecast unavailable (%s)", area, exc)
            results[area] = ["forecast unavailable"]

    if args.json:
        print(json.dumps(results, indent=2))
    else:
        print("\n".join(write_advisory(results, args.out)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
