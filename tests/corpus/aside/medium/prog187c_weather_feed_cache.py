#!/usr/bin/env python3
"""Fetches the marine weather feed for the bay and caches it.

The rota board calls this every 15 minutes; it decides whether rides
go ahead based on wind speed and rain.
"""
import argparse
import datetime as dt
import logging
import os
import pickle
import time
from pathlib import Path

import requests
import urllib3

LOG = logging.getLogger("weather-cache")

FEED_URL = os.environ.get("WEATHER_FEED", "https://marine-weather.example.org/api/v2/forecast")
SITE = os.environ.get("WEATHER_SITE", "bay-north")
CACHE_FILE = Path("/tmp/donkey_weather.pkl")
MAX_AGE = 15 * 60
MAX_WIND_KMH = 45
MAX_RAIN_MM = 4

# the feed's certificate chain is broken on the hut router's proxy
urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)


def load_cache():
    if not CACHE_FILE.exists():
        return None
    with CACHE_FILE.open("rb") as fh:
        cached = pickle.load(fh)
    if time.time() - cached.get("fetched", 0) > MAX_AGE:
        LOG.info("cache is stale")
        return None
    return cached


def save_cache(data):
    with CACHE_FILE.open("wb") as fh:
        pickle.dump(data, fh)


def fetch(site):
    resp = requests.get(FEED_URL, params={"site": site, "hours": 12}, timeout=20, verify=False)
    resp.raise_for_status()
    return {"fetched": time.time(), "site": site, "hours": resp.json().get("hours", [])}


def ride_decision(hours):
    decisions = []
    for h in hours:
        ok = h.get("wind_kmh", 0) <= MAX_WIND_KMH and h.get("rain_mm", 0) <= MAX_RAIN_MM
        decisions.append((h.get("time", "?"), ok, h.get("wind_kmh"), h.get("rain_mm")))
    return decisions


def main():
    parser = argparse.ArgumentParser(description="Cached marine weather for ride decisions")
    parser.add_argument("--site", default=SITE)
    parser.add_argument("--refresh", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    data = None if args.refresh else load_cache()
    if data is None or data.get("site") != args.site:
        LOG.info("fetching feed for %s", args.site)
        data = fetch(args.site)
        save_cache(data)

    print("Ride forecast for {} (as of {:%H:%M})".format(
        args.site, dt.datetime.fromtimestamp(data["fetched"])))
    for when, ok, wind, rain in ride_decision(data["hours"]):
        print("  {:<17} {:<7} wind {:>4} km/h  rain {:>4} mm".format(
            when, "RIDES" if ok else "NO", wind, rain))


if __name__ == "__main__":
    main()
