#!/usr/bin/env python3
"""Road-weather check for ambulance stations.

Before each shift the dispatch supervisor wants to know which stations are
under ice or flood warnings. This tool asks the weather provider's API for
each station location, caches answers for a short while and prints a
summary table.
"""

import argparse
import hashlib
import json
import logging
import os
import sys
import time

import requests

log = logging.getLogger("station-weather")

API_BASE = "https://api.weather.example.com/v2"
CACHE_DIR = ".weather_cache"
STATIONS = {
    "Station 1": (40.0712, -75.1620),
    "Station 4": (40.1033, -75.2811),
    "Station 9": (40.0150, -75.0544),
}
ALERT_KINDS = {"ICE", "FREEZING_RAIN", "FLOOD", "SNOW", "HIGH_WIND"}


def cache_key(lat, lon):
    # MD5 only names the cache file; nothing security-related
    raw = f"{lat:.3f},{lon:.3f}".encode()
    return hashlib.md5(raw).hexdigest()


class WeatherClient:
    def __init__(self, api_key, ttl):
        self.session = requests.Session()
        self.session.headers["X-Api-Key"] = api_key
        self.ttl = ttl
        os.makedirs(CACHE_DIR, exist_ok=True)

    def _cached(self, key):
        path = os.path.join(CACHE_DIR, key + ".json")
        if os.path.exists(path) and time.time() - os.path.getmtime(path) < self.ttl:
            with open(path) as fh:
                return json.load(fh)
        return None

    def _store(self, key, data):
        with open(os.path.join(CACHE_DIR, key + ".json"), "w") as fh:
            json.dump(data, fh)

    def conditions(self, lat, lon):
        key = cache_key(lat, lon)
        data = self._cached(key)
        if data is not None:
            return data
        resp = self.session.get(f"{API_BASE}/conditions",
                                params={"lat": lat, "lon": lon}, timeout=10)
        resp.raise_for_status()
        data = resp.json()
        self._store(key, data)
        return data


def summarise(name, data):
    alerts = [a.get("kind") for a in data.get("alerts", []) if a.get("kind") in ALERT_KINDS]
    temp = data.get("temperature_c")
    road = "CAUTION" if alerts or (temp is not None and temp <= 0) else "ok"
    return f"{name:<12} {temp if temp is not None else '?':>6} C  {road:<8} {', '.join(alerts)}"


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--ttl", type=int, default=600, help="cache lifetime in seconds")
    ap.add_argument("--clear-cache", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    api_key = os.environ.get("WEATHER_API_KEY")
    if not api_key:
        log.error("WEATHER_API_KEY is not set")
        return 1

    if args.clear_cache and os.path.isdir(CACHE_DIR):
        for name in os.listdir(CACHE_DIR):
            if name.endswith(".json"):
                os.remove(os.path.join(CACHE_DIR, name))
        log.info("cache cleared")

    client = WeatherClient(api_key, args.ttl)
    print(f"{'station':<12} {'temp':>6}    {'roads':<8} alerts")
    for name, (lat, lon) in STATIONS.items():
        try:
            print(summarise(name, client.conditions(lat, lon)))
        except requests.RequestException as exc:
            log.warning("%s: weather lookup failed (%s)", name, exc)
    return 0


if __name__ == "__main__":
    sys.exit(main())
