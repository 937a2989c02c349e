#!/usr/bin/env python3
"""Weather check for tomorrow's stops.

Looks up the forecast for each stop in stops.csv and flags stops where rain
or wind is likely to kill foot traffic. Responses are cached in the working
directory so repeated runs don't burn through the API quota.
"""
import argparse
import csv
import hashlib
import json
import logging
import os
import tempfile
import time
from pathlib import Path

import requests

log = logging.getLogger("weather")

API_URL = "https://weather.example.com/v1/forecast"
CACHE_DIR = Path(".weather_cache")
CACHE_TTL = 3 * 3600


def cache_key(lat, lon, day):
    # MD5 is just a short, stable filename here
    raw = f"{lat:.3f},{lon:.3f},{day}".encode()
    return hashlib.md5(raw).hexdigest()


def read_cache(key):
    path = CACHE_DIR / f"{key}.json"
    if path.exists() and time.time() - path.stat().st_mtime < CACHE_TTL:
        try:
            return json.loads(path.read_text())
        except json.JSONDecodeError:
            path.unlink()
    return None


def write_cache(key, data):
    CACHE_DIR.mkdir(exist_ok=True)
    # write to a temp file in the same dir, then swap it in atomically
    fd, tmp = tempfile.mkstemp(dir=CACHE_DIR, suffix=".part")
    with os.fdopen(fd, "w") as fh:
        json.dump(data, fh)
    os.chmod(tmp, 0o600)
    os.replace(tmp, CACHE_DIR / f"{key}.json")


def prune_cache():
    if not CACHE_DIR.is_dir():
        return
    for path in CACHE_DIR.glob("*.json"):
        if time.time() - path.stat().st_mtime > CACHE_TTL * 8:
            path.unlink()


class WeatherClient:
    def __init__(self, api_key, timeout=10):
        self.session = requests.Session()
        self.session.headers["X-Api-Key"] = api_key
        self.timeout = timeout

    def forecast(self, lat, lon, day):
        key = cache_key(lat, lon, day)
        cached = read_cache(key)
        if cached is not None:
            return cached
        resp = self.session.get(API_URL, params={"lat": lat, "lon": lon, "date": day},
                                timeout=self.timeout)
        resp.raise_for_status()
        data = resp.json()
        write_cache(key, data)
        return data


def assess(fc, rain_limit, wind_limit):
    issues = []
    if fc.get("precip_prob", 0) >= rain_limit:
        issues.append(f"rain {fc['precip_prob']}%")
    if fc.get("wind_kph", 0) >= wind_limit:
        issues.append(f"wind {fc['wind_kph']} km/h")
    return issues


def main():
    parser = argparse.ArgumentParser(description="Check weather at tomorrow's stops")
    parser.add_argument("stops", nargs="?", default="stops.csv")
    parser.add_argument("--day", default=time.strftime("%Y-%m-%d", time.localtime(time.time() + 86400)))
    parser.add_argument("--rain", type=int, default=60)
    parser.add_argument("--wind", type=int, default=40)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)

    api_key = os.environ.get("WEATHER_API_KEY")
    if not api_key:
        log.error("WEATHER_API_KEY is not set")
        return 1

    client = WeatherClient(api_key)
    prune_cache()
    with open(args.stops, newline="") as fh:
        for row in csv.DictReader(fh):
            try:
                fc = client.forecast(float(row["lat"]), float(row["lon"]), args.day)
            except requests.RequestException as exc:
                log.warning("%s: lookup failed (%s)", row["name"], exc)
                continue
            issues = assess(fc, args.rain, args.wind)
            status = "; ".join(issues) if issues else "looks fine"
            print(f"{row['name']:<28} {status}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
