#!/usr/bin/env python3
"""Outdoor rink ice-conditions outlook from the Open-Meteo forecast.

Flags hours where it is warm enough to soften the ice or humid enough
to frost the surface, so the crew can plan flooding.
"""
import argparse
import asyncio
import json
import logging
import urllib.parse
import urllib.request
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("ice-outlook")

API = "https://api.open-meteo.com/v1/forecast"


@dataclass
class Hour:
    time: str
    temp: float
    dew: float
    rh: float

    @property
    def verdict(self) -> str:
        if self.temp > 2.0:
            return "soft"
        if self.temp - self.dew < 1.0 and self.rh > 90:
            return "frost"
        if self.temp < -15:
            return "brittle"
        return "good"


def fetch(lat: float, lon: float, days: int) -> dict:
    query = urllib.parse.urlencode({
        "latitude": lat, "longitude": lon, "forecast_days": days,
        "hourly": "temperature_2m,dew_point_2m,relative_humidity_2m",
        "timezone": "auto",
    })
    with urllib.request.urlopen(f"{API}?{query}", timeout=15) as resp:
        return json.load(resp)


async def fetch_async(lat, lon, days):
    return await asyncio.to_thread(fetch, lat, lon, days)


def to_hours(data: dict):
    h = data.get("hourly", {})
    cols = [h.get(k, []) for k in ("time", "temperature_2m", "dew_point_2m", "relative_humidity_2m")]
    return [Hour(*row) for row in zip(*cols) if None not in row]


class Output:
    def as_text(self, hours):
        return "\n".join(f"{h.time}  {h.temp:>6.1f}C  dew {h.dew:>6.1f}C  {h.verdict}"
                         for h in hours if h.verdict != "good") or "no concerns"

    def as_json(self, hours):
        return json.dumps([{**vars(h), "verdict": h.verdict} for h in hours], indent=2)


def main():
    parser = argparse.ArgumentParser(description="Outdoor rink ice outlook")
    parser.add_argument("--lat", type=float, default=45.42)
    parser.add_argument("--lon", type=float, default=-75.69)
    parser.add_argument("--days", type=int, default=3)
    parser.add_argument("--format", choices=("text", "json"), default="text")
    parser.add_argument("--save", type=Path, help="also write the result to this file")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        data = asyncio.run(fetch_async(args.lat, args.lon, args.days))
    except (OSError, ValueError) as exc:
        log.error("forecast unavailable: %s", exc)
        return 1

    render = getattr(Output(), f"as_{args.format}")
    text = render(to_hours(data))
    print(text)
    if args.save:
        args.save.write_text(text + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
