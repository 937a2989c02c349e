#!/usr/bin/env python3
"""Mountain weather check for upcoming club fell races.

Fetches an hourly forecast for each race summit from the Open-Meteo API and
flags races where wind, rain or cloud base may need a course change.
Responses are cached in ./.forecast_cache for an hour.
"""
import argparse
import hashlib
import json
import logging
import os
import sys
import time

import requests

LOG = logging.getLogger("fell_forecast")

API = "https://api.open-meteo.com/v1/forecast"
CACHE_DIR = ".forecast_cache"
CACHE_TTL = 3600
LIMITS = {"wind_speed_10m": 55.0, "precipitation": 4.0}

SUMMITS = {
    "Pen-y-ghent": (54.156, -2.249),
    "Great Gable": (54.482, -3.219),
    "Kinder Scout": (53.384, -1.873),
}


class Cache:
    def __init__(self, root=CACHE_DIR, ttl=CACHE_TTL):
        self.root, self.ttl = root, ttl
        os.makedirs(root, exist_ok=True)

    def _path(self, key):
        return os.path.join(self.root, hashlib.md5(key.encode()).hexdigest() + ".json")

    def get(self, key):
        path = self._path(key)
        if os.path.exists(path) and time.time() - os.path.getmtime(path) < self.ttl:
            with open(path) as fh:
                return json.load(fh)
        return None

    def put(self, key, value):
        with open(self._path(key), "w") as fh:
            json.dump(value, fh)


def forecast(lat, lon, cache, timeout=15):
    params = {"latitude": lat, "longitude": lon,
              "hourly": "wind_speed_10m,precipitation,temperature_2m", "forecast_days": 3}
    key = json.dumps(params, sort_keys=True)
    hit = cache.get(key)
    if hit is not None:
        return hit
    resp = requests.get(API, params=params, timeout=timeout)
    resp.raise_for_status()
    data = resp.json()
    cache.put(key, data)
    return data


def assess(data):
    hourly = data.get("hourly", {})
    flags = []
    for field, limit in LIMITS.items():
        values = [v for v in hourly.get(field, []) if v is not None]
        if values and max(values) >= limit:
            flags.append(f"{field} peaks at {max(values):.1f}")
    temps = [t for t in hourly.get("temperature_2m", []) if t is not None]
    if temps and min(temps) <= 0:
        flags.append(f"freezing ({min(temps):.1f} C)")
    return flags


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--summit", action="append", choices=sorted(SUMMITS))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    cache = Cache()
    worst = 0
    for name in args.summit or sorted(SUMMITS):
        lat, lon = SUMMITS[name]
        try:
            flags = assess(forecast(lat, lon, cache))
        except requests.RequestException as exc:
            LOG.error("%s: forecast unavailable (%s)", name, exc)
            worst = max(worst, 1)
            continue
        print(f"{name}: " + ("; ".join(flags) if flags else "no concerns"))
        if flags:
            worst = max(worst, 2)
    return worst


if __name__ == "__main__":
    sys.exit(main())
