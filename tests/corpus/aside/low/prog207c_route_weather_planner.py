#!/usr/bin/env python3
"""Decides which ice cream van routes are worth running over the next days.

Pulls the daily forecast for each route's centre point and scores the day:
warm and dry means full routes, cool or wet means the short loop only.
"""
import argparse
import asyncio
import json
import logging
import urllib.parse
import urllib.request
from dataclasses import asdict, dataclass
from pathlib import Path

log = logging.getLogger("weather-plan")

FORECAST = "https://api.open-meteo.com/v1/forecast"


@dataclass
class Route:
    name: str
    lat: float
    lon: float


@dataclass
class DayPlan:
    route: str
    date: str
    max_temp: float
    rain_chance: int
    decision: str


ROUTES = [
    Route("seafront", 50.8225, -0.1372),
    Route("north-estates", 50.8610, -0.1410),
    Route("parks-loop", 50.8420, -0.1190),
]


def _decide_full(temp, rain):
    return temp >= 22 and rain < 30


def _decide_short(temp, rain):
    return temp >= 16 and rain < 60


RULES = {"full": _decide_full, "short": _decide_short}


def decide(temp, rain):
    for label, rule in RULES.items():
        if rule(temp, rain):
            return label
    return "rest"


def fetch_forecast(route, days, timeout):
    query = urllib.parse.urlencode({
        "latitude": route.lat,
        "longitude": route.lon,
        "daily": "temperature_2m_max,precipitation_probability_max",
        "forecast_days": days,
        "timezone": "auto",
    })
    with urllib.request.urlopen(f"{FORECAST}?{query}", timeout=timeout) as resp:
        return json.load(resp)


async def plan_route(route, days, timeout):
    try:
        data = await asyncio.to_thread(fetch_forecast, route, days, timeout)
    except OSError as exc:
        log.warning("%s: forecast unavailable (%s)", route.name, exc)
        return []
    daily = data.get("daily", {})
    plans = []
    for date, temp, rain in zip(daily.get("time", []), daily.get("temperature_2m_max", []),
                                daily.get("precipitation_probability_max", [])):
        temp, rain = temp or 0.0, rain or 0
        plans.append(DayPlan(route.name, date, temp, rain, decide(temp, rain)))
    return plans


async def build_plan(days, timeout):
    results = await asyncio.gather(*(plan_route(r, days, timeout) for r in ROUTES))
    return [p for group in results for p in group]


def render(plans, fmt):
    if fmt == "json":
        return json.dumps([asdict(p) for p in plans], indent=2)
    lines = [f"{'route':<15}{'date':<12}{'max C':>7}{'rain %':>8}  decision"]
    lines += [f"{p.route:<15}{p.date:<12}{p.max_temp:>7.1f}{p.rain_chance:>8}  {p.decision}"
              for p in sorted(plans, key=lambda p: (p.date, p.route))]
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description="Weather-based route planning")
    parser.add_argument("--days", type=int, default=3, choices=range(1, 8))
    parser.add_argument("--format", choices=("table", "json"), default="table")
    parser.add_argument("--out", type=Path, help="also write the plan to this file")
    parser.add_argument("--timeout", type=float, default=10.0)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO if args.verbose else logging.WARNING)

    plans = asyncio.run(build_plan(args.days, args.timeout))
    if not plans:
        log.error("no forecasts retrieved")
        return 1
    text = render(plans, args.format)
    print(text)
    if args.out:
        args.out.write_text(text + "\n")
        log.info("plan written to %s", args.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
