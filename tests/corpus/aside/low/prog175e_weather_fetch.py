#!/usr/bin/env python3
"""Fetch the marine forecast for sea-trial days.

Before a new main goes out for a sea trial the loft checks wind and gusts
for the harbour. This pulls the forecast, caches it in the working folder
so repeated runs during the morning don't hammer the API, and prints a
go/no-go summary for each trial slot.
"""

import argparse
import hashlib
import json
import logging
import os
import sys
import time
import urllib.parse
import urllib.request
from pathlib import Path

LOG = logging.getLogger("weather_fetch")

API_BASE = os.environ.get("MARINE_API", "https://api.marine-forecast.example.com/v2/forecast")
HARBOUR = {"lat": 50.364, "lon": -4.142, "name": "North Quay"}
CACHE_DIR = Path(".forecast_cache")
CACHE_TTL = 30 * 60

LIMITS = {"wind_kn": 18.0, "gust_kn": 25.0, "wave_m": 1.2}


def cache_key(url):
    return hashlib.md5(url.encode()).hexdigest()


def cached_get(url, refresh=False):
    CACHE_DIR.mkdir(exist_ok=True)
    path = CACHE_DIR / f"{cache_key(url)}.json"
    if not refresh and path.is_file() and time.time() - path.stat().st_mtime < CACHE_TTL:
        LOG.debug("cache hit %s", path.name)
        return json.loads(path.read_text())
    LOG.debug("GET %s", url)
    req = urllib.request.Request(url, headers={"Accept": "application/json",
                                               "User-Agent": "loft-seatrial/1.3"})
    with urllib.request.urlopen(req, timeout=15) as resp:
        data = json.load(resp)
    path.write_text(json.dumps(data))
    return data


def build_url(day, hours):
    query = urllib.parse.urlencode({
        "lat": HARBOUR["lat"],
        "lon": HARBOUR["lon"],
        "date": day,
        "hours": ",".join(str(h) for h in hours),
        "units": "knots,metres",
    })
    return f"{API_BASE}?{query}"


def verdict(slot):
    reasons = [name for name, limit in LIMITS.items() if slot.get(name, 0) > limit]
    return ("NO-GO", reasons) if reasons else ("GO", [])


def summarise(data):
    lines = []
    for slot in data.get("slots", []):
        status, reasons = verdict(slot)
        extra = f" ({', '.join(reasons)})" if reasons else ""
        lines.append(
            f"{slot.get('time', '??:??'):>5}  wind {slot.get('wind_kn', 0):4.1f} kn  "
            f"gust {slot.get('gust_kn', 0):4.1f} kn  wave {slot.get('wave_m', 0):3.1f} m  "
            f"{slot.get('dir', '-'):>3}  {status}{extra}"
        )
    return lines


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--day", default=time.strftime("%Y-%m-%d"))
    parser.add_argument("--hours", default="9,11,13,15", help="comma-separated trial slots")
    parser.add_argument("--refresh", action="store_true", help="ignore the cache")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    hours = [int(h) for h in args.hours.split(",") if h.strip()]
    url = build_url(args.day, hours)
    try:
        data = cached_get(url, args.refresh)
    except OSError as exc:
        LOG.error("forecast unavailable: %s", exc)
        return 1
    print(f"Sea-trial forecast for {HARBOUR['name']} on {args.day}")
    for line in summarise(data):
        print("  " + line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
