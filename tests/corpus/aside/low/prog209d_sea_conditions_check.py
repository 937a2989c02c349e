#!/usr/bin/env python3
"""Check sea conditions for the next sailings and set the kiosk banner.

Queries the public marine forecast for the crossing and writes a small
status file the ticket UI reads to show a possible-delay notice.
"""
import argparse
import asyncio
import json
import logging
import sys
import urllib.parse
import urllib.request
from dataclasses import dataclass, asdict
from pathlib import Path

log = logging.getLogger("sea-check")

API = "https://marine-api.open-meteo.com/v1/marine"


@dataclass
class Crossing:
    name: str
    lat: float
    lon: float
    wave_limit_m: float = 2.5


@dataclass
class Status:
    crossing: str
    max_wave_m: float
    advisory: str


LEVELS = [
    (1.0, "normal"),
    (1.8, "choppy"),
    (float("inf"), "possible-delay"),
]


def classify(height, limit):
    if height >= limit:
        return "possible-delay"
    for bound, label in LEVELS:
        if height < bound:
            return label
    return "possible-delay"


def fetch_waves(crossing, hours, timeout):
    query = urllib.parse.urlencode({
        "latitude": crossing.lat,
        "longitude": crossing.lon,
        "hourly": "wave_height",
        "forecast_days": 1,
    })
    with urllib.request.urlopen(f"{API}?{query}", timeout=timeout) as resp:
        data = json.load(resp)
    heights = [h for h in data["hourly"]["wave_height"][:hours] if h is not None]
    return max(heights) if heights else 0.0


async def check(crossing, hours, timeout):
    height = await asyncio.to_thread(fetch_waves, crossing, hours, timeout)
    return Status(crossing.name, height, classify(height, crossing.wave_limit_m))


def main():
    parser = argparse.ArgumentParser(description="Sea conditions check")
    parser.add_argument("--name", default="harbour-island")
    parser.add_argument("--lat", type=float, default=54.32)
    parser.add_argument("--lon", type=float, default=-5.71)
    parser.add_argument("--hours", type=int, default=6)
    parser.add_argument("--limit", type=float, default=2.5)
    parser.add_argument("--timeout", type=float, default=15.0)
    parser.add_argument("--out", default="./sea_status.json")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    crossing = Crossing(args.name, args.lat, args.lon, args.limit)
    try:
        status = asyncio.run(check(crossing, args.hours, args.timeout))
    except (OSError, KeyError, ValueError) as exc:
        log.error("forecast unavailable: %s", exc)
        return 1

    Path(args.out).write_text(json.dumps(asdict(status), indent=2))
    log.info("%s: max wave %.1f m -> %s", status.crossing, status.max_wave_m, status.advisory)
    return 0


if __name__ == "__main__":
    sys.exit(main())
