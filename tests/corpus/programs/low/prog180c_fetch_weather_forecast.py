#!/usr/bin/env python3
"""Fetch the hay-making and grazing forecast for the farm.

Pulls a 5-day forecast from the weather service, caches responses on disk
(keyed by an MD5 of the request) so repeated runs during the morning don't
hit the API, and prints whether the next few days suit cutting hay or
turning the milkers out.
"""
import argparse
import hashlib
import json
import logging
import os
import time
from pathlib import Path

import requests

LOG = logging.getLogger("forecast")

API_URL = os.environ.get("WEATHER_API_URL", "https://api.weather.example.com/v2/forecast")
CACHE_DIR = Path(".forecast_cache")
CACHE_TTL = 3 * 3600
FARM_LAT, FARM_LON = 44.52, -72.61


def cache_path(params):
    key = hashlib.md5(json.dumps(params, sort_keys=True).encode()).hexdigest()
    return CACHE_DIR / f"{key}.json"


def get_forecast(params, api_key, refresh=False):
    path = cache_path(params)
    if not refresh and path.exists() and time.time() - path.stat().st_mtime < CACHE_TTL:
        LOG.debug("cache hit %s", path.name)
        return json.loads(path.read_text())
    resp = requests.get(API_URL, params=params, headers={"X-Api-Key": api_key}, timeout=15)
    resp.raise_for_status()
    data = resp.json()
    CACHE_DIR.mkdir(exist_ok=True)
    path.write_text(json.dumps(data))
    return data


def hay_window(days):
    """Need three dry days in a row with low humidity to make hay."""
    run = []
    for d in days:
        if d["precip_mm"] < 1 and d["humidity"] < 70:
            run.append(d["date"])
            if len(run) >= 3:
                return run
        else:
            run = []
    return None


def grazing_ok(day):
    return day["precip_mm"] < 5 and day["temp_max_c"] < 30 and day["wind_kph"] < 45


def main():
    parser = argparse.ArgumentParser(description="Farm forecast")
    parser.add_argument("--days", type=int, default=5)
    parser.add_argument("--refresh", action="store_true")
    parser.add_argument("--clear-cache", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if args.clear_cache and CACHE_DIR.exists():
        for f in CACHE_DIR.glob("*.json"):
            f.unlink()
        LOG.info("cache cleared")

    api_key = os.environ.get("WEATHER_API_KEY")
    if not api_key:
        LOG.error("WEATHER_API_KEY is not set")
        return 2

    params = {"lat": FARM_LAT, "lon": FARM_LON, "days": args.days, "units": "metric"}
    data = get_forecast(params, api_key, refresh=args.refresh)
    days = data.get("daily", [])
    for d in days:
        flag = "graze" if grazing_ok(d) else "keep in"
        print(f"{d['date']}  {d['temp_min_c']:>4.0f}-{d['temp_max_c']:<4.0f}C  "
              f"rain {d['precip_mm']:>4.1f}mm  RH {d['humidity']:>3}%  {flag}")
    window = hay_window(days)
    print("Hay window: " + (f"{window[0]} to {window[-1]}" if window else "none this week"))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
