#!/usr/bin/env python3
"""Compare a station's latest reading with the model forecast.

Fetches the hourly forecast for the station's coordinates from Open-Meteo,
caches it in the working directory and prints the difference between the
forecast and what the station actually measured.
"""
import argparse
import asyncio
import hashlib
import json
import logging
import os
import time
import urllib.parse
import urllib.request
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("wx.forecast")

API = "https://api.open-meteo.com/v1/forecast"
CACHE_DIR = Path(".forecast-cache")
FIELDS = {"temperature_2m": "outTemp", "relative_humidity_2m": "outHumidity", "surface_pressure": "barometer"}


@dataclass
class Site:
    lat: float
    lon: float

    def query(self) -> str:
        params = {"latitude": self.lat, "longitude": self.lon,
                  "hourly": ",".join(FIELDS), "timezone": "UTC", "forecast_days": 1}
        return f"{API}?{urllib.parse.urlencode(params)}"


def cache_path(url: str) -> Path:
    return CACHE_DIR / (hashlib.md5(url.encode()).hexdigest() + ".json")


def cached(max_age):
    def deco(fn):
        async def wrapper(url):
            path = cache_path(url)
            if path.exists() and time.time() - path.stat().st_mtime < max_age:
                log.info("using cached forecast %s", path.name)
                return json.loads(path.read_text())
            data = await fn(url)
            CACHE_DIR.mkdir(exist_ok=True)
            path.write_text(json.dumps(data))
            os.chmod(path, 0o600)
            return data
        return wrapper
    return deco


@cached(max_age=1800)
async def get_json(url: str):
    def blocking():
        req = urllib.request.Request(url, headers={"User-Agent": "wxclub-forecast/0.3"})
        with urllib.request.urlopen(req, timeout=20) as resp:
            return json.load(resp)
    return await asyncio.to_thread(blocking)


def nearest_hour(hourly: dict, when: float) -> int:
    stamp = time.strftime("%Y-%m-%dT%H:00", time.gmtime(when))
    try:
        return hourly["time"].index(stamp)
    except ValueError:
        return 0


async def compare(site: Site, reading_path: Path):
    forecast = await get_json(site.query())
    reading = json.loads(reading_path.read_text())
    idx = nearest_hour(forecast["hourly"], reading.get("dateTime", time.time()))
    for api_name, local_name in FIELDS.items():
        predicted = forecast["hourly"][api_name][idx]
        measured = reading.get(local_name)
        if measured is None:
            continue
        print(f"{local_name:12s} forecast {predicted:8.1f}  measured {measured:8.1f}  diff {measured - predicted:+6.1f}")


def main():
    ap = argparse.ArgumentParser(description="forecast vs. station reading")
    ap.add_argument("--lat", type=float, required=True)
    ap.add_argument("--lon", type=float, required=True)
    ap.add_argument("--reading", type=Path, default=Path("current.json"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    try:
        asyncio.run(compare(Site(args.lat, args.lon), args.reading))
    except (OSError, KeyError, ValueError) as exc:
        log.error("comparison failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
