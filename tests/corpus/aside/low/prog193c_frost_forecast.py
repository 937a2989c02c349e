#!/usr/bin/env python3
"""Frost forecast check for the outdoor bonsai benches.

Pulls the hourly forecast for the nursery's location and writes a small
CSV of the nights when tender species (ficus, carmona, serissa) need to
go into the poly tunnel.
"""

import argparse
import asyncio
import csv
import importlib
import json
import logging
import os
from dataclasses import dataclass
from functools import partial
from pathlib import Path

log = logging.getLogger("frost_forecast")

API = os.environ.get("FORECAST_API", "https://api.weather.example.com/v1/forecast")
LAT = float(os.environ.get("NURSERY_LAT", "45.52"))
LON = float(os.environ.get("NURSERY_LON", "-122.68"))


@dataclass
class Threshold:
    label: str
    min_c: float


THRESHOLDS = [
    Threshold("tender (ficus, carmona, serissa)", 7.0),
    Threshold("semi-hardy (maple, trident)", -2.0),
    Threshold("hardy (juniper, pine)", -10.0),
]


def _getter():
    mod = importlib.import_module("urllib.request")
    return getattr(mod, "urlopen")


def fetch_forecast(lat: float, lon: float, hours: int) -> dict:
    url = f"{API}?lat={lat}&lon={lon}&hourly=temperature_2m&forecast_hours={hours}"
    with _getter()(url, timeout=15) as resp:
        return json.loads(resp.read().decode())


async def fetch_async(lat, lon, hours):
    loop = asyncio.get_running_loop()
    return await loop.run_in_executor(None, partial(fetch_forecast, lat, lon, hours))


def find_cold_hours(data: dict):
    hourly = data.get("hourly", {})
    for ts, temp in zip(hourly.get("time", []), hourly.get("temperature_2m", [])):
        hits = [t.label for t in THRESHOLDS if temp is not None and temp < t.min_c]
        if hits:
            yield ts, temp, hits


def write_report(rows, out: Path) -> int:
    count = 0
    with out.open("w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["time", "temp_c", "move_in"])
        for ts, temp, hits in rows:
            w.writerow([ts, f"{temp:.1f}", "; ".join(hits)])
            count += 1
    return count


def main():
    parser = argparse.ArgumentParser(description="frost alert for outdoor benches")
    parser.add_argument("--hours", type=int, default=72)
    parser.add_argument("-o", "--output", type=Path, default=Path("frost_alerts.csv"))
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    data = asyncio.run(fetch_async(LAT, LON, args.hours))
    n = write_report(find_cold_hours(data), args.output)
    if n:
        log.warning("%d cold hours in the next %dh; see %s", n, args.hours, args.output)
    else:
        log.info("no frost risk in the next %dh", args.hours)


if __name__ == "__main__":
    main()
