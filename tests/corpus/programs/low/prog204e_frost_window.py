#!/usr/bin/env python3
"""Frost window check for the seed library sowing calendar.

Fetches the coming week's forecast minimum temperatures for the library's
location and tells volunteers whether tender seedlings can go out.
"""
import argparse
import asyncio
import importlib
import json
import logging
import os
import sys
from dataclasses import dataclass
from urllib.parse import urlencode

log = logging.getLogger("frost")

API = "https://api.open-meteo.com/v1/forecast"


@dataclass
class Place:
    lat: float = float(os.environ.get("SEEDLIB_LAT", "51.75"))
    lon: float = float(os.environ.get("SEEDLIB_LON", "-1.26"))
    name: str = os.environ.get("SEEDLIB_PLACE", "Library garden")


def fetch_forecast(place: Place, days: int, timeout: float):
    request = importlib.import_module("urllib.request")
    query = urlencode({
        "latitude": place.lat,
        "longitude": place.lon,
        "daily": "temperature_2m_min",
        "forecast_days": days,
        "timezone": "auto",
    })
    with getattr(request, "urlopen")(f"{API}?{query}", timeout=timeout) as resp:
        return json.load(resp)


def classify(tmin: float, margin: float) -> str:
    if tmin <= 0:
        return "frost"
    if tmin <= margin:
        return "risk"
    return "clear"


ADVICE = {
    "frost": "keep everything under cover",
    "risk": "harden off only hardy seedlings; fleece ready",
    "clear": "safe for tender transplants",
}


def summarise(data, margin):
    daily = data.get("daily", {})
    pairs = list(zip(daily.get("time", []), daily.get("temperature_2m_min", [])))
    verdicts = []
    for day, tmin in pairs:
        if tmin is None:
            continue
        verdict = classify(tmin, margin)
        verdicts.append(verdict)
        print(f"{day}  min {tmin:5.1f} C  {verdict:<5}  {ADVICE[verdict]}")
    return verdicts


async def run(args, place):
    try:
        data = await asyncio.to_thread(fetch_forecast, place, args.days, args.timeout)
    except OSError as exc:
        log.error("forecast unavailable: %s", exc)
        return 1
    print(f"Forecast for {place.name} ({place.lat}, {place.lon})\n")
    verdicts = summarise(data, args.margin)
    if args.save:
        with open(args.save, "w", encoding="utf-8") as fh:
            json.dump({"place": place.name, "verdicts": verdicts}, fh, indent=2)
        log.info("saved to %s", args.save)
    if "frost" in verdicts:
        print("\nFrost expected this week - hold the tomato and squash sowings.")
    return 0


def main(argv=None):
    ap = argparse.ArgumentParser(description="Frost window for the sowing calendar")
    ap.add_argument("--days", type=int, default=7)
    ap.add_argument("--margin", type=float, default=3.0, help="degrees C treated as risky")
    ap.add_argument("--timeout", type=float, default=10.0)
    ap.add_argument("--save", help="write verdicts to this JSON file")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    return asyncio.run(run(args, Place()))


if __name__ == "__main__":
    sys.exit(main())
