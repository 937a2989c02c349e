#!/usr/bin/env python3
"""Windrow turning planner.

Fetches the rain forecast for the yard and suggests which days suit
turning and which call for covering the windrows. Responses are cached in
the working directory so repeated runs do not hit the API.
"""
import argparse
import hashlib
import json
import logging
import os
import time
import urllib.parse
import urllib.request
from pathlib import Path

log = logging.getLogger("turn-planner")

API = "https://api.open-meteo.com/v1/forecast"
CACHE_DIR = Path(".forecast_cache")
CACHE_TTL = 3 * 3600


def cache_key(params: dict) -> str:
    raw = json.dumps(params, sort_keys=True).encode()
    return hashlib.md5(raw).hexdigest()


def cached(fn):
    def inner(params):
        CACHE_DIR.mkdir(exist_ok=True)
        path = CACHE_DIR / f"{cache_key(params)}.json"
        if path.exists() and time.time() - path.stat().st_mtime < CACHE_TTL:
            log.debug("cache hit %s", path.name)
            return json.loads(path.read_text(encoding="utf-8"))
        data = fn(params)
        path.write_text(json.dumps(data), encoding="utf-8")
        os.chmod(path, 0o600)
        return data
    return inner


@cached
def forecast(params):
    url = f"{API}?{urllib.parse.urlencode(params)}"
    req = urllib.request.Request(url, headers={"User-Agent": "turn-planner/1.2"})
    with urllib.request.urlopen(req, timeout=20) as resp:
        return json.load(resp)


ADVICE = {
    "turn": lambda rain, wind: rain < 2 and wind < 40,
    "cover": lambda rain, wind: rain >= 8,
}


def advise(day, rain, wind):
    for label, test in ADVICE.items():
        if test(rain, wind):
            return label
    return "monitor"


def main():
    ap = argparse.ArgumentParser(description="plan windrow turning around the weather")
    ap.add_argument("--lat", type=float, default=52.2)
    ap.add_argument("--lon", type=float, default=-1.5)
    ap.add_argument("--days", type=int, default=7)
    ap.add_argument("--clear-cache", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.clear_cache and CACHE_DIR.exists():
        for f in CACHE_DIR.glob("*.json"):
            f.unlink()
    params = {"latitude": args.lat, "longitude": args.lon, "forecast_days": args.days,
              "daily": "precipitation_sum,wind_speed_10m_max", "timezone": "auto"}
    try:
        data = forecast(params)
    except (OSError, ValueError) as exc:
        log.error("forecast unavailable: %s", exc)
        return 1
    daily = data.get("daily", {})
    for day, rain, wind in zip(daily.get("time", []), daily.get("precipitation_sum", []),
                               daily.get("wind_speed_10m_max", [])):
        rain, wind = rain or 0.0, wind or 0.0
        print(f"{day}  rain {rain:5.1f} mm  wind {wind:5.1f} km/h  -> {advise(day, rain, wind)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
