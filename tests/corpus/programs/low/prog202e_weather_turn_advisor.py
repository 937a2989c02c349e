#!/usr/bin/env python3
"""Suggests which days to turn the hot-compost bays this week.

Turning is best on dry, mild days; heavy rain soaks an opened pile and frost
stalls it. Uses the Open-Meteo daily forecast for the site's location and
caches the response in the working directory for an hour.
"""
import argparse
import asyncio
import hashlib
import json
import logging
import os
import pathlib
import time
import urllib.parse
import urllib.request

log = logging.getLogger("turnadvisor")

API = "https://api.open-meteo.com/v1/forecast"
CACHE_DIR = pathlib.Path(".weather_cache")
CACHE_TTL = 3600


def cache_file(url):
    key = hashlib.md5(url.encode("utf-8")).hexdigest()
    return CACHE_DIR / f"{key}.json"


def _get(url, timeout):
    with urllib.request.urlopen(url, timeout=timeout) as resp:
        return json.load(resp)


async def forecast(lat, lon, timeout):
    params = {
        "latitude": lat, "longitude": lon, "timezone": "auto",
        "daily": "precipitation_sum,temperature_2m_min,temperature_2m_max",
    }
    url = f"{API}?{urllib.parse.urlencode(params)}"
    path = cache_file(url)
    if path.exists() and time.time() - path.stat().st_mtime < CACHE_TTL:
        log.info("using cached forecast")
        return json.loads(path.read_text())
    data = await asyncio.to_thread(_get, url, timeout)
    CACHE_DIR.mkdir(exist_ok=True)
    path.write_text(json.dumps(data))
    os.chmod(path, 0o600)
    return data


def score_day(rain, tmin, tmax):
    if rain > 5 or tmin < 0:
        return "avoid"
    if rain > 1 or tmax > 28:
        return "possible"
    return "good"


def advise(data):
    daily = data.get("daily", {})
    rows = zip(daily.get("time", []), daily.get("precipitation_sum", []),
               daily.get("temperature_2m_min", []), daily.get("temperature_2m_max", []))
    return [(day, score_day(r or 0, lo, hi), r, lo, hi) for day, r, lo, hi in rows]


def main():
    ap = argparse.ArgumentParser(description="compost turning advisor")
    ap.add_argument("--lat", type=float, default=float(os.environ.get("SITE_LAT", "51.45")))
    ap.add_argument("--lon", type=float, default=float(os.environ.get("SITE_LON", "-2.59")))
    ap.add_argument("--timeout", type=float, default=10.0)
    ap.add_argument("--only-good", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    try:
        data = asyncio.run(forecast(args.lat, args.lon, args.timeout))
    except (OSError, ValueError) as exc:
        log.error("forecast unavailable: %s", exc)
        return 1
    plan = advise(data)
    if not plan:
        log.error("forecast had no daily data")
        return 1
    for day, verdict, rain, lo, hi in plan:
        if args.only_good and verdict != "good":
            continue
        print(f"{day}  {verdict:9s} rain {rain:4.1f} mm  {lo:5.1f}..{hi:5.1f} C")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
