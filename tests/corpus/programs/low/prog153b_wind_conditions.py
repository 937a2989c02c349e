#!/usr/bin/env python3
"""Wind and weather check for opening the cable.

Before the first session the instructors check wind speed and gusts: above
the limits the cable runs at reduced speed or stays shut. This fetches the
forecast for the lake from the weather provider, caches it for a short
while, and prints a go / slow / no-go decision.
"""
import argparse
import hashlib
import json
import logging
import os
import time
import urllib.parse
import urllib.request
from pathlib import Path

LOG = logging.getLogger("wind")

API_BASE = "https://api.example.com/weather/v2/forecast"
CACHE_DIR = Path(".wind_cache")
CACHE_TTL = 15 * 60
LAKE = {"lat": 52.4862, "lon": -1.8904}

LIMITS = {"slow_kmh": 30, "stop_kmh": 45, "gust_stop_kmh": 55}


def cache_path(url):
    # cache key only, not used for anything sensitive
    return CACHE_DIR / (hashlib.md5(url.encode()).hexdigest() + ".json")


def fetch(url, api_key, timeout=10):
    path = cache_path(url)
    if path.exists() and time.time() - path.stat().st_mtime < CACHE_TTL:
        LOG.debug("cache hit %s", path.name)
        return json.loads(path.read_text())
    req = urllib.request.Request(url, headers={"X-Api-Key": api_key,
                                               "Accept": "application/json"})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        data = json.load(resp)
    CACHE_DIR.mkdir(exist_ok=True)
    path.write_text(json.dumps(data))
    return data


def clear_cache():
    removed = 0
    if CACHE_DIR.is_dir():
        for f in CACHE_DIR.glob("*.json"):
            f.unlink()
            removed += 1
    return removed


def decide(hour):
    wind, gust = hour.get("wind_kmh", 0), hour.get("gust_kmh", 0)
    if wind >= LIMITS["stop_kmh"] or gust >= LIMITS["gust_stop_kmh"]:
        return "NO-GO"
    if wind >= LIMITS["slow_kmh"]:
        return "SLOW"
    return "GO"


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--hours", type=int, default=10)
    ap.add_argument("--clear-cache", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.clear_cache:
        LOG.info("removed %d cached responses", clear_cache())

    api_key = os.environ.get("WEATHER_API_KEY")
    if not api_key:
        LOG.error("set WEATHER_API_KEY first")
        return 2

    query = urllib.parse.urlencode({**LAKE, "hours": args.hours, "units": "metric"})
    try:
        data = fetch(API_BASE + "?" + query, api_key)
    except (OSError, ValueError) as exc:
        LOG.error("forecast unavailable: %s", exc)
        return 1

    worst = "GO"
    order = {"GO": 0, "SLOW": 1, "NO-GO": 2}
    for hour in data.get("hourly", [])[: args.hours]:
        verdict = decide(hour)
        if order[verdict] > order[worst]:
            worst = verdict
        print("%s  wind %3d km/h  gust %3d km/h  %s" % (
            hour.get("time", "?"), hour.get("wind_kmh", 0), hour.get("gust_kmh", 0), verdict))
    print("\nCable decision for today: " + worst)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
