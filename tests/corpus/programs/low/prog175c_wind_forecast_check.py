#!/usr/bin/env python3
"""Decide whether Saturday's kite-flying demo on the beach goes ahead.

Pulls the hourly wind forecast for the demo site and prints a go / no-go
for each slot, caching responses so repeated runs during the staff
meeting don't hammer the forecast service.
"""
import argparse
import hashlib
import json
import logging
import os
import time
from pathlib import Path

import requests

log = logging.getLogger("wind_forecast")

FORECAST_URL = os.environ.get("FORECAST_URL", "https://api.example.com/forecast/hourly")
SITES = {
    "beach": (50.7192, -1.8808),
    "downs": (50.8601, -0.9741),
}
CACHE_DIR = Path(".cache/forecast")
CACHE_TTL = 1800

# wind bands for the demo kites, in metres per second
BANDS = [
    (0.0, 2.5, "no-go: too light"),
    (2.5, 4.0, "marginal: single-line kites only"),
    (4.0, 10.0, "go"),
    (10.0, 13.0, "marginal: power kites grounded"),
    (13.0, 99.0, "no-go: too strong"),
]


def cache_key(url, params):
    raw = url + json.dumps(params, sort_keys=True)
    return hashlib.md5(raw.encode()).hexdigest()


def cached_get(url, params):
    CACHE_DIR.mkdir(parents=True, exist_ok=True)
    path = CACHE_DIR / f"{cache_key(url, params)}.json"
    if path.exists() and time.time() - path.stat().st_mtime < CACHE_TTL:
        log.debug("cache hit %s", path.name)
        return json.loads(path.read_text())
    resp = requests.get(url, params=params, timeout=15)
    resp.raise_for_status()
    data = resp.json()
    path.write_text(json.dumps(data))
    return data


def verdict(speed, gust):
    effective = max(speed, gust * 0.8)
    for lo, hi, text in BANDS:
        if lo <= effective < hi:
            return text
    return "unknown"


class Forecast:
    def __init__(self, site):
        self.site = site
        self.lat, self.lon = SITES[site]

    def hours(self, day):
        data = cached_get(FORECAST_URL, {"lat": self.lat, "lon": self.lon,
                                         "date": day, "units": "metric"})
        for h in data.get("hourly", []):
            yield h["time"], float(h["wind_speed"]), float(h.get("wind_gust", 0))


def main():
    ap = argparse.ArgumentParser(description="Kite demo go/no-go")
    ap.add_argument("day", help="YYYY-MM-DD")
    ap.add_argument("--site", choices=sorted(SITES), default="beach")
    ap.add_argument("--from-hour", type=int, default=10)
    ap.add_argument("--to-hour", type=int, default=16)
    ap.add_argument("-v", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.v else logging.INFO, format="%(message)s")

    go_slots = 0
    for stamp, speed, gust in Forecast(args.site).hours(args.day):
        hour = int(stamp[11:13])
        if not args.from_hour <= hour <= args.to_hour:
            continue
        text = verdict(speed, gust)
        go_slots += text == "go"
        print(f"{stamp[11:16]}  wind {speed:4.1f} m/s  gust {gust:4.1f}  {text}")
    print(f"\n{go_slots} good slot(s) at {args.site} on {args.day}")


if __name__ == "__main__":
    main()
