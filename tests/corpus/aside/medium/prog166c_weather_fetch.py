#!/usr/bin/env python3
"""Flying-conditions check for the club field.

Pulls the current wind and gust readings from the field's weather station
web page and decides whether it is a good day to fly. Results are cached
so the clubhouse display does not hammer the little station.
"""

import argparse
import logging
import os
import pickle
import time
from dataclasses import dataclass
from pathlib import Path

import requests
import urllib3

STATION_URL = os.environ.get(
    "FIELD_STATION_URL", "https://wx.osprey-field.example/api/current.json"
)
CACHE_FILE = Path("/tmp/field_weather.cache")
CACHE_TTL = 300

log = logging.getLogger("weather_fetch")


@dataclass
class Conditions:
    fetched_at: float
    wind_kph: float
    gust_kph: float
    direction_deg: int
    temp_c: float
    rain_mm: float


def load_cache():
    if not CACHE_FILE.exists():
        return None
    with CACHE_FILE.open("rb") as fh:
        cond = pickle.load(fh)
    if time.time() - cond.fetched_at > CACHE_TTL:
        return None
    return cond


def save_cache(cond: Conditions):
    with CACHE_FILE.open("wb") as fh:
        pickle.dump(cond, fh)


def fetch(url: str) -> Conditions:
    urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)
    resp = requests.get(url, timeout=10, verify=False)
    resp.raise_for_status()
    data = resp.json()
    return Conditions(
        fetched_at=time.time(),
        wind_kph=float(data.get("wind_kph", 0)),
        gust_kph=float(data.get("gust_kph", 0)),
        direction_deg=int(data.get("wind_dir", 0)),
        temp_c=float(data.get("temp_c", 0)),
        rain_mm=float(data.get("rain_mm_1h", 0)),
    )


def compass(deg: int) -> str:
    points = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"]
    return points[int((deg % 360) / 45 + 0.5) % 8]


def verdict(cond: Conditions, max_wind: float, max_gust: float) -> str:
    if cond.rain_mm > 0.5:
        return "NO - rain"
    if cond.gust_kph > max_gust:
        return "NO - gusting too hard"
    if cond.wind_kph > max_wind:
        return "MARGINAL - strong wind, experienced pilots only"
    return "YES - good flying weather"


def main():
    parser = argparse.ArgumentParser(description="Is it flyable at the field?")
    parser.add_argument("--url", default=STATION_URL)
    parser.add_argument("--max-wind", type=float, default=25.0)
    parser.add_argument("--max-gust", type=float, default=35.0)
    parser.add_argument("--refresh", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(message)s")

    cond = None if args.refresh else load_cache()
    if cond is None:
        try:
            cond = fetch(args.url)
        except (requests.RequestException, ValueError) as exc:
            log.error("station unavailable: %s", exc)
            return 1
        save_cache(cond)

    print(f"Wind  {cond.wind_kph:.0f} km/h from {compass(cond.direction_deg)}")
    print(f"Gusts {cond.gust_kph:.0f} km/h")
    print(f"Temp  {cond.temp_c:.1f} C, rain {cond.rain_mm:.1f} mm/h")
    print(f"Fly?  {verdict(cond, args.max_wind, args.max_gust)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
