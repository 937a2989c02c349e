#!/usr/bin/env python3
"""Fetch forage-weather forecasts for each co-op apiary, with a local cache.

Bees fly when it is warm, dry and calm; the co-op uses this to plan
inspections. Responses are cached in ./.weather_cache keyed by request.
"""
import argparse
import asyncio
import hashlib
import json
import logging
import os
import sys
import time
import urllib.parse
import urllib.request

log = logging.getLogger("forage-weather")

API = "https://api.open-meteo.com/v1/forecast"
CACHE_DIR = ".weather_cache"
APIARIES = {
    "rooftop-north": (51.531, -0.124),
    "allotment-east": (51.517, -0.059),
    "library-garden": (51.498, -0.137),
}


def _cache_path(url):
    key = hashlib.md5(url.encode()).hexdigest()
    return os.path.join(CACHE_DIR, key + ".json")


def cached(max_age):
    def deco(fn):
        def inner(url):
            path = _cache_path(url)
            if os.path.exists(path) and time.time() - os.path.getmtime(path) < max_age:
                with open(path, encoding="utf-8") as fh:
                    return json.load(fh)
            data = fn(url)
            os.makedirs(CACHE_DIR, exist_ok=True)
            with open(path, "w", encoding="utf-8") as fh:
                json.dump(data, fh)
            os.chmod(path, 0o600)
            return data
        return inner
    return deco


@cached(max_age=3 * 3600)
def get_json(url):
    req = urllib.request.Request(url, headers={"User-Agent": "coop-forage/1.2"})
    with urllib.request.urlopen(req, timeout=15) as resp:
        return json.load(resp)


def forecast_url(lat, lon):
    q = {"latitude": lat, "longitude": lon, "forecast_days": 3,
         "hourly": "temperature_2m,precipitation,wind_speed_10m"}
    return API + "?" + urllib.parse.urlencode(q)


def flying_hours(data, min_temp):
    h = data.get("hourly", {})
    rows = zip(h.get("time", []), h.get("temperature_2m", []),
               h.get("precipitation", []), h.get("wind_speed_10m", []))
    return [t for t, temp, rain, wind in rows if temp >= min_temp and rain == 0 and wind < 24]


async def one(name, lat, lon, min_temp):
    try:
        data = await asyncio.to_thread(get_json, forecast_url(lat, lon))
    except OSError as exc:
        log.error("%s: %s", name, exc)
        return name, None
    return name, flying_hours(data, min_temp)


async def run(min_temp):
    jobs = [one(n, la, lo, min_temp) for n, (la, lo) in APIARIES.items()]
    return await asyncio.gather(*jobs)


def main(argv=None):
    p = argparse.ArgumentParser(description="Forage weather per apiary")
    p.add_argument("--min-temp", type=float, default=13.0)
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    failed = 0
    for name, hours in asyncio.run(run(args.min_temp)):
        if hours is None:
            failed += 1
            continue
        first = hours[0] if hours else "none"
        print(f"{name:16s} {len(hours):3d} flying hours, first {first}")
    return 1 if failed == len(APIARIES) else 0


if __name__ == "__main__":
    sys.exit(main())
