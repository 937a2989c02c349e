#!/usr/bin/env python3
"""Weather-driven demand forecast.

Car wash volume tracks the weather: a dry sunny day after rain is the busiest
day of the week. This pulls the 5-day forecast for each site, scores it and
writes a staffing suggestion CSV for the district manager.
"""
import argparse
import asyncio
import csv
import importlib
import json
import logging
import os
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("demand_forecast")

API = os.environ.get("WEATHER_API", "https://api.weather.example.com/v2/forecast")

SITES = {
    "cw-0142": "97201",
    "cw-0147": "97035",
    "cw-0153": "98660",
}


@dataclass
class Day:
    date: str
    rain_mm: float
    temp_c: float
    rained_before: bool = False

    def score(self) -> float:
        s = 1.0
        if self.rain_mm > 2:
            s *= 0.35
        elif self.rained_before:
            s *= 1.6
        if self.temp_c < 2:
            s *= 0.7
        elif self.temp_c > 18:
            s *= 1.15
        return round(s, 2)


def _get_json(url: str, timeout: int = 10):
    req = importlib.import_module("urllib" + ".request")
    with getattr(req, "urlopen")(url, timeout=timeout) as resp:
        return json.loads(resp.read().decode())


async def fetch_site(site: str, zip_code: str):
    loop = asyncio.get_running_loop()
    url = f"{API}?zip={zip_code}&days=5&units=metric"
    try:
        data = await loop.run_in_executor(None, _get_json, url)
    except OSError as exc:
        log.warning("%s: forecast unavailable (%s)", site, exc)
        return site, []
    days, prev_rain = [], False
    for d in data.get("daily", []):
        day = Day(d["date"], float(d.get("precip_mm", 0)), float(d.get("temp_c", 10)),
                  prev_rain)
        prev_rain = day.rain_mm > 2
        days.append(day)
    return site, days


STAFF_RULES = [
    (1.5, 6),
    (1.1, 5),
    (0.8, 4),
    (0.0, 2),
]


def staff_for(score: float, base: int) -> int:
    for threshold, crew in STAFF_RULES:
        if score >= threshold:
            return max(crew, base)
    return base


async def gather_all(sites):
    return await asyncio.gather(*(fetch_site(s, z) for s, z in sites.items()))


def main():
    ap = argparse.ArgumentParser(description="Forecast wash demand from weather")
    ap.add_argument("--out", type=Path, default=Path("staffing_forecast.csv"))
    ap.add_argument("--min-crew", type=int, default=2)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    results = asyncio.run(gather_all(SITES))
    with args.out.open("w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["site", "date", "rain_mm", "temp_c", "demand_score", "crew"])
        for site, days in results:
            for d in days:
                sc = d.score()
                w.writerow([site, d.date, d.rain_mm, d.temp_c, sc,
                            staff_for(sc, args.min_crew)])
    log.info("wrote %s", args.out)


if __name__ == "__main__":
    main()
