#!/usr/bin/env python3
"""Fetches wind and temperature readings from the summit weather station
and keeps a local cache so the operations screen still has data when the
radio link drops."""
import argparse
import logging
import os
import pickle
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import requests
import urllib3

STATION_URL = os.environ.get("SUMMIT_WX_URL", "https://203.0.113.20/api/current")
CACHE_FILE = Path(os.environ.get("SUMMIT_WX_CACHE", "weather_cache.pkl"))
MAX_AGE = 600
WIND_LIMIT_KMH = 60.0

log = logging.getLogger("summit-weather")
urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)


@dataclass
class Reading:
    taken_at: float
    wind_kmh: float
    gust_kmh: float
    temp_c: float
    raw: dict = field(default_factory=dict)

    @property
    def age(self) -> float:
        return time.time() - self.taken_at


def fetch_reading() -> Reading:
    # the station uses a self-signed certificate on the radio link
    resp = requests.get(STATION_URL, timeout=10, verify=False)
    resp.raise_for_status()
    data = resp.json()
    return Reading(
        taken_at=time.time(),
        wind_kmh=float(data["wind"]["avg_kmh"]),
        gust_kmh=float(data["wind"]["gust_kmh"]),
        temp_c=float(data["temperature_c"]),
        raw=data,
    )


def load_cache() -> list[Reading]:
    if not CACHE_FILE.exists():
        return []
    with CACHE_FILE.open("rb") as fh:
        return pickle.load(fh)


def save_cache(readings: list[Reading]):
    with CACHE_FILE.open("wb") as fh:
        pickle.dump(readings[-500:], fh)


def assess(reading: Reading) -> str:
    if reading.gust_kmh >= WIND_LIMIT_KMH:
        return "STOP"
    if reading.wind_kmh >= WIND_LIMIT_KMH * 0.75:
        return "REDUCED SPEED"
    return "NORMAL"


def main() -> int:
    parser = argparse.ArgumentParser(description="Summit weather cache")
    parser.add_argument("--offline", action="store_true", help="use cache only")
    parser.add_argument("--history", type=int, default=0, help="print last N readings")
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    readings = load_cache()
    if not args.offline:
        try:
            readings.append(fetch_reading())
            save_cache(readings)
        except (requests.RequestException, KeyError, ValueError) as exc:
            log.warning("live reading failed: %s", exc)

    if not readings:
        print("no weather data available")
        return 1
    latest = readings[-1]
    if latest.age > MAX_AGE:
        log.warning("latest reading is %.0f s old", latest.age)
    print(f"wind {latest.wind_kmh:.1f} km/h, gust {latest.gust_kmh:.1f} km/h, "
          f"temp {latest.temp_c:.1f} C -> {assess(latest)}")
    for reading in readings[-args.history:] if args.history else []:
        print(time.strftime("%H:%M:%S", time.localtime(reading.taken_at)),
              reading.wind_kmh, reading.gust_kmh, reading.temp_c)
    return 0


if __name__ == "__main__":
    sys.exit(main())
