#!/usr/bin/env python3
"""Checks the hourly forecast for the shop's flying ground before the
weekend hawk-walk experience days and flags unflyable hours."""
import argparse
import asyncio
import importlib
import json
import logging
import sys
import urllib.parse
import urllib.request
from dataclasses import dataclass

log = logging.getLogger("flight-check")

FORECAST_HOST = "https://api.open-meteo.com"
FORECAST_PATH = "/v1/forecast"


@dataclass
class Limits:
    max_wind_kmh: float = 30.0
    max_gust_kmh: float = 45.0
    max_rain_mm: float = 0.5
    min_temp_c: float = -2.0


def build_url(lat, lon, days):
    params = {
        "latitude": lat, "longitude": lon, "forecast_days": days,
        "hourly": ",".join(["temperature_2m", "precipitation",
                            "wind_speed_10m", "wind_gusts_10m"]),
        "timezone": "auto",
    }
    return FORECAST_HOST + FORECAST_PATH + "?" + urllib.parse.urlencode(params)


def fetch(url, timeout):
    req = urllib.request.Request(url, headers={"User-Agent": "falconry-flight-check/1.0"})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return json.load(resp)


CHECKS = {
    "wind": lambda h, lim: h["wind_speed_10m"] > lim.max_wind_kmh,
    "gusts": lambda h, lim: h["wind_gusts_10m"] > lim.max_gust_kmh,
    "rain": lambda h, lim: h["precipitation"] > lim.max_rain_mm,
    "cold": lambda h, lim: h["temperature_2m"] < lim.min_temp_c,
}


def hours(data):
    hourly = data.get("hourly", {})
    keys = [k for k in hourly if k != "time"]
    for i, stamp in enumerate(hourly.get("time", [])):
        yield stamp, {k: hourly[k][i] or 0 for k in keys}


def assess(data, limits, first_hour, last_hour):
    verdicts = []
    for stamp, h in hours(data):
        hour = int(stamp[11:13])
        if not first_hour <= hour <= last_hour:
            continue
        reasons = [name for name, check in CHECKS.items() if check(h, limits)]
        verdicts.append((stamp, reasons))
    return verdicts


async def run(args):
    url = build_url(args.lat, args.lon, args.days)
    log.debug("GET %s", url)
    loop = asyncio.get_running_loop()
    return await loop.run_in_executor(None, fetch, url, args.timeout)


def main():
    ap = argparse.ArgumentParser(description="flying-weather check")
    ap.add_argument("--lat", type=float, default=51.18)
    ap.add_argument("--lon", type=float, default=-1.83)
    ap.add_argument("--days", type=int, default=3)
    ap.add_argument("--from-hour", type=int, default=9)
    ap.add_argument("--to-hour", type=int, default=17)
    ap.add_argument("--timeout", type=float, default=10.0)
    ap.add_argument("--max-wind", type=float, default=30.0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    try:
        data = asyncio.run(run(args))
    except (OSError, ValueError) as exc:
        log.error("forecast unavailable: %s", exc)
        return 2
    verdicts = assess(data, Limits(max_wind_kmh=args.max_wind), args.from_hour, args.to_hour)
    bad = [(s, r) for s, r in verdicts if r]
    fmt = importlib.import_module("textwrap")
    for stamp, reasons in bad:
        log.info(fmt.indent(f"{stamp}: no flying ({', '.join(reasons)})", "  "))
    log.info("%d of %d daytime hours flyable", len(verdicts) - len(bad), len(verdicts))
    return 0 if len(bad) < len(verdicts) else 1


if __name__ == "__main__":
    sys.exit(main())
