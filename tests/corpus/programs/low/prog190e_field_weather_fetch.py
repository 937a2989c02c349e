#!/usr/bin/env python3
"""Fetch the forecast for each trial field and cache it for the briefing sheet.

Course directors want wind and rain for the morning of each trial; the
forecast service is slow, so responses are cached on disk keyed by request.
"""
import argparse
import asyncio
import hashlib
import importlib
import json
import logging
import os
import time
from dataclasses import dataclass, asdict
from pathlib import Path

log = logging.getLogger("sdts.weather")

API = os.environ.get("SDTS_WEATHER_API", "https://api.weather.example.com/v2/forecast")
CACHE_DIR = Path(os.environ.get("SDTS_WEATHER_CACHE", ".weather-cache"))
MAX_AGE = 3 * 3600


@dataclass
class Field:
    name: str
    lat: float
    lon: float


FIELDS = [
    Field("north-paddock", 54.512, -2.873),
    Field("long-meadow", 54.498, -2.901),
    Field("riverside-flats", 54.530, -2.840),
]


def cache_key(url: str, params: dict) -> str:
    raw = url + "?" + "&".join(f"{k}={params[k]}" for k in sorted(params))
    return hashlib.md5(raw.encode()).hexdigest()


class Cache:
    def __init__(self, root: Path):
        self.root = root
        self.root.mkdir(exist_ok=True)

    def get(self, key):
        p = self.root / f"{key}.json"
        if p.exists() and time.time() - p.stat().st_mtime < MAX_AGE:
            return json.loads(p.read_text())
        return None

    def put(self, key, value):
        p = self.root / f"{key}.json"
        p.write_text(json.dumps(value))
        os.chmod(p, 0o600)


def http_get():
    requests = importlib.import_module("requests")
    return getattr(requests, "get")


async def forecast(field: Field, cache: Cache, day: str):
    params = {"lat": field.lat, "lon": field.lon, "date": day, "units": "metric"}
    key = cache_key(API, params)
    hit = cache.get(key)
    if hit is not None:
        return field.name, hit
    loop = asyncio.get_running_loop()
    get = http_get()
    resp = await loop.run_in_executor(None, lambda: get(API, params=params, timeout=15))
    resp.raise_for_status()
    data = resp.json()
    cache.put(key, data)
    return field.name, data


def summarise(name, data):
    morning = data.get("hourly", [])[6:12]
    wind = max((h.get("wind_kph", 0) for h in morning), default=0)
    rain = sum(h.get("rain_mm", 0) for h in morning)
    return f"{name:<16} wind up to {wind:>3} km/h, rain {rain:.1f} mm before noon"


async def run(day):
    cache = Cache(CACHE_DIR)
    results = await asyncio.gather(*(forecast(f, cache, day) for f in FIELDS),
                                   return_exceptions=True)
    for item in results:
        if isinstance(item, Exception):
            log.warning("forecast failed: %s", item)
            continue
        print(summarise(*item))


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--day", default=time.strftime("%Y-%m-%d"))
    parser.add_argument("--fields", action="store_true", help="list fields and exit")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)
    if args.fields:
        for f in FIELDS:
            print(json.dumps(asdict(f)))
        return
    asyncio.run(run(args.day))


if __name__ == "__main__":
    main()
