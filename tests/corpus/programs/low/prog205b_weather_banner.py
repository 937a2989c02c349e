#!/usr/bin/env python3
"""Weather banner for the kiosk screen.

Shows a short "rain today - ask about waterproofing" style banner using a
public forecast API, with a small on-disk cache in the working directory.
"""
import argparse
import hashlib
import json
import logging
import sys
import time
from pathlib import Path

import requests

log = logging.getLogger("weather.banner")

API = "https://api.open-meteo.com/v1/forecast"
CACHE_DIR = Path(".cache") / "weather"
CACHE_TTL = 1800

BANNERS = {
    "rain": "Rain today - ask about waterproofing spray for your boots!",
    "snow": "Snow on the way - we fit grip soles while you wait.",
    "heat": "Hot day - suede protector is 20% off.",
    "default": "Heels and soles replaced while you shop.",
}


def cache_path(params):
    key = hashlib.md5(json.dumps(params, sort_keys=True).encode()).hexdigest()
    return CACHE_DIR / (key + ".json")


def fetch_forecast(params, timeout):
    path = cache_path(params)
    if path.exists() and time.time() - path.stat().st_mtime < CACHE_TTL:
        log.debug("cache hit %s", path.name)
        return json.loads(path.read_text())
    resp = requests.get(API, params=params, timeout=timeout)
    resp.raise_for_status()
    data = resp.json()
    CACHE_DIR.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data))
    return data


def pick_banner(data):
    daily = data.get("daily", {})
    rain = (daily.get("precipitation_sum") or [0])[0] or 0
    snow = (daily.get("snowfall_sum") or [0])[0] or 0
    tmax = (daily.get("temperature_2m_max") or [0])[0] or 0
    rules = [
        (snow > 0.5, "snow"),
        (rain > 1.0, "rain"),
        (tmax > 28, "heat"),
    ]
    for matched, name in rules:
        if matched:
            return BANNERS[name]
    return BANNERS["default"]


def parse_args():
    p = argparse.ArgumentParser(description="Kiosk weather banner")
    p.add_argument("--lat", type=float, default=51.5072)
    p.add_argument("--lon", type=float, default=-0.1276)
    p.add_argument("--timeout", type=float, default=10.0)
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    params = {
        "latitude": args.lat,
        "longitude": args.lon,
        "daily": "precipitation_sum,snowfall_sum,temperature_2m_max",
        "forecast_days": 1,
        "timezone": "auto",
    }
    try:
        data = fetch_forecast(params, args.timeout)
    except (requests.RequestException, ValueError) as exc:
        log.warning("forecast unavailable: %s", exc)
        print(BANNERS["default"])
        return 0
    print(pick_banner(data))
    return 0


if __name__ == "__main__":
    sys.exit(main())
