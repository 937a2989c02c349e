#!/usr/bin/env python3
"""Wind check for upcoming tour stops.

The big top cannot go up above a certain wind speed, so before each move the
tent master wants the forecast for the next few towns. This fetches forecasts
from the weather API, caches them locally, and flags any day over the limit.
"""
import argparse
import hashlib
import json
import logging
import os
import sys
import time
from pathlib import Path

import requests

log = logging.getLogger("wind-check")

API_BASE = "https://api.weather.example.com/v3/forecast"
API_KEY_ENV = "WEATHER_API_KEY"
CACHE_DIR = Path("./.wind_cache")
CACHE_TTL = 3 * 3600
WIND_LIMIT_KMH = 55


def cache_path(params):
    # MD5 is fine here, it only names cache files
    key = hashlib.md5(json.dumps(params, sort_keys=True).encode()).hexdigest()
    return CACHE_DIR / f"{key}.json"


def read_cache(path):
    if not path.exists() or time.time() - path.stat().st_mtime > CACHE_TTL:
        return None
    try:
        return json.loads(path.read_text())
    except ValueError:
        return None


def write_cache(path, data):
    CACHE_DIR.mkdir(exist_ok=True)
    path.write_text(json.dumps(data))
    os.chmod(path, 0o600)


class WeatherClient:
    def __init__(self, api_key, timeout=10):
        self.session = requests.Session()
        self.session.headers["X-Api-Key"] = api_key
        self.timeout = timeout

    def forecast(self, lat, lon, days=5):
        params = {"lat": round(lat, 3), "lon": round(lon, 3), "days": days, "units": "metric"}
        path = cache_path(params)
        cached = read_cache(path)
        if cached is not None:
            return cached
        resp = self.session.get(API_BASE, params=params, timeout=self.timeout)
        resp.raise_for_status()
        data = resp.json()
        write_cache(path, data)
        return data


def load_stops(path):
    with open(path) as fh:
        return json.load(fh)


def flag_windy(stop, forecast):
    alerts = []
    for day in forecast.get("daily", []):
        gust = day.get("wind_gust_kmh", 0)
        if gust >= WIND_LIMIT_KMH:
            alerts.append((stop["town"], day.get("date"), gust))
    return alerts


def clear_cache():
    if not CACHE_DIR.exists():
        return 0
    n = 0
    for f in CACHE_DIR.glob("*.json"):
        f.unlink()
        n += 1
    return n


def main():
    parser = argparse.ArgumentParser(description="Check wind forecasts for tour stops")
    parser.add_argument("stops", help="JSON list of {town, lat, lon}")
    parser.add_argument("--clear-cache", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.clear_cache:
        log.info("removed %d cached forecasts", clear_cache())

    key = os.environ.get(API_KEY_ENV)
    if not key:
        log.error("set %s first", API_KEY_ENV)
        return 2
    client = WeatherClient(key)
    alerts = []
    for stop in load_stops(args.stops):
        try:
            fc = client.forecast(stop["lat"], stop["lon"])
        except requests.RequestException as exc:
            log.warning("forecast failed for %s: %s", stop["town"], exc)
            continue
        alerts.extend(flag_windy(stop, fc))
    for town, date, gust in alerts:
        print(f"WIND: {town} {date} gusts {gust} km/h")
    if not alerts:
        print("all clear for the next stops")
    return 1 if alerts else 0


if __name__ == "__main__":
    sys.exit(main())
