#!/usr/bin/env python3
"""Estimate firewood to load for the coming sauna trailer bookings.

Pulls the hourly temperature forecast for the venue from Open-Meteo and
converts expected heating hours into bags of firewood.
"""
import argparse
import asyncio
import json
import logging
import math
import sys
import urllib.parse
import urllib.request
from dataclasses import dataclass

log = logging.getLogger("firewood")

API = "https://api.open-meteo.com/v1/forecast"


@dataclass
class Venue:
    name: str
    lat: float
    lon: float


@dataclass
class Stove:
    kg_per_hour_at_0c: float = 6.0
    kg_per_bag: float = 15.0
    preheat_hours: float = 1.0

    def burn_rate(self, outside_c):
        # colder air means more wood to hold cabin temperature
        return self.kg_per_hour_at_0c * (1 + max(0.0, -outside_c) * 0.03
                                         - max(0.0, outside_c) * 0.015)


def fetch_forecast(venue: Venue, days: int, timeout: float = 10.0):
    query = urllib.parse.urlencode({
        "latitude": venue.lat, "longitude": venue.lon,
        "hourly": "temperature_2m", "forecast_days": days, "timezone": "auto",
    })
    with urllib.request.urlopen(f"{API}?{query}", timeout=timeout) as resp:
        payload = json.load(resp)
    hourly = payload.get("hourly", {})
    return dict(zip(hourly.get("time", []), hourly.get("temperature_2m", [])))


def heating_hours(schedule, forecast):
    """schedule: list of (date, open_hour, close_hour)."""
    for day, start, end in schedule:
        for hour in range(start, end):
            key = f"{day}T{hour:02d}:00"
            if key in forecast:
                yield forecast[key]


async def estimate(venue, schedule, days, stove):
    try:
        forecast = await asyncio.to_thread(fetch_forecast, venue, days)
    except OSError as exc:
        log.error("forecast unavailable: %s", exc)
        return None
    temps = list(heating_hours(schedule, forecast))
    if not temps:
        log.warning("no forecast hours overlap the schedule")
        return 0.0
    sessions = len(schedule)
    kg = sum(stove.burn_rate(t) for t in temps)
    kg += sessions * stove.preheat_hours * stove.burn_rate(min(temps))
    log.info("%s: %d heating hours, min %.1f C", venue.name, len(temps), min(temps))
    return kg


def parse_slot(text):
    day, hours = text.split("@")
    start, end = (int(h) for h in hours.split("-"))
    return day, start, end


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--venue", default="Harbour")
    ap.add_argument("--lat", type=float, default=60.17)
    ap.add_argument("--lon", type=float, default=24.94)
    ap.add_argument("--days", type=int, default=3)
    ap.add_argument("slots", nargs="+", help="YYYY-MM-DD@HH-HH opening hours")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    try:
        schedule = [parse_slot(s) for s in args.slots]
    except ValueError:
        log.error("slots must look like 2025-01-18@10-20")
        return 2
    stove = Stove()
    kg = asyncio.run(estimate(Venue(args.venue, args.lat, args.lon), schedule, args.days, stove))
    if kg is None:
        return 1
    bags = math.ceil(kg / stove.kg_per_bag)
    print(f"Load {bags} bag(s) of firewood (~{kg:.0f} kg) for {args.venue}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
