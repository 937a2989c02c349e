#!/usr/bin/env python3
"""Trial-day weather check for outdoor rings.

Fetches the hourly forecast for the show ground and flags hours that are
too hot for dogs to run or wet enough to need the contact equipment
re-checked. Responses are cached in ./.weather_cache for an hour.
"""
import argparse
import asyncio
import hashlib
import importlib
import json
import logging
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlencode

log = logging.getLogger("weather")

API = "https://api.open-meteo.com/v1/forecast"
CACHE_DIR = Path(".weather_cache")
CACHE_TTL = 3600


@dataclass
class Limits:
    max_temp_c: float = 26.0
    max_rain_mm: float = 1.0


def cached(fn):
    def wrapper(url):
        CACHE_DIR.mkdir(exist_ok=True)
        key = hashlib.md5(url.encode()).hexdigest()
        path = CACHE_DIR / (key + ".json")
        if path.exists() and time.time() - path.stat().st_mtime < CACHE_TTL:
            return json.loads(path.read_text())
        data = fn(url)
        path.write_text(json.dumps(data))
        return data
    return wrapper


@cached
def fetch(url):
    client = importlib.import_module("urllib.request")
    with client.urlopen(url, timeout=15) as resp:
        return json.load(resp)


def build_url(lat, lon, day):
    params = {"latitude": lat, "longitude": lon,
              "hourly": "temperature_2m,precipitation",
              "start_date": day, "end_date": day, "timezone": "auto"}
    return API + "?" + urlencode(params)


def flag_hours(data, limits):
    hourly = data.get("hourly", {})
    rows = zip(hourly.get("time", []), hourly.get("temperature_2m", []),
               hourly.get("precipitation", []))
    for stamp, temp, rain in rows:
        notes = []
        if temp is not None and temp > limits.max_temp_c:
            notes.append("hot %.1fC" % temp)
        if rain is not None and rain > limits.max_rain_mm:
            notes.append("wet %.1fmm" % rain)
        yield stamp[-5:], temp, rain, notes


async def main_async(args):
    url = build_url(args.lat, args.lon, args.day)
    loop = asyncio.get_running_loop()
    try:
        data = await loop.run_in_executor(None, fetch, url)
    except (OSError, ValueError) as exc:
        log.error("forecast unavailable: %s", exc)
        return 1
    limits = Limits(args.max_temp, args.max_rain)
    warnings = 0
    for hour, temp, rain, notes in flag_hours(data, limits):
        if args.all or notes:
            print("%s  %5.1fC  %4.1fmm  %s" % (hour, temp or 0, rain or 0, ", ".join(notes)))
        warnings += bool(notes)
    log.info("%d hour(s) flagged for %s", warnings, args.day)
    return 0


def main(argv=None):
    ap = argparse.ArgumentParser(description="Trial-day weather check")
    ap.add_argument("day", help="YYYY-MM-DD")
    ap.add_argument("--lat", type=float, default=51.75)
    ap.add_argument("--lon", type=float, default=-1.26)
    ap.add_argument("--max-temp", type=float, default=26.0)
    ap.add_argument("--max-rain", type=float, default=1.0)
    ap.add_argument("--all", action="store_true", help="print every hour")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    return asyncio.run(main_async(args))


if __name__ == "__main__":
    sys.exit(main())
