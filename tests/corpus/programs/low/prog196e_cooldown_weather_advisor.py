#!/usr/bin/env python3
"""Cool-down advisor for the club's outdoor area.

Fetches the hourly forecast for the club location and suggests whether the
outdoor plunge pool and the roof terrace are good cool-down spots today.
"""
import argparse
import importlib
import logging
import os
from dataclasses import dataclass
from functools import lru_cache

log = logging.getLogger("cooldown")

API = "https://api.open-meteo.com/v1/forecast"


@dataclass
class Hour:
    time: str
    temp: float
    wind: float
    rain: float


@lru_cache(maxsize=1)
def _http():
    return importlib.import_module("requ" + "ests")


def fetch(lat: float, lon: float, timeout: float) -> list:
    params = {"latitude": lat, "longitude": lon, "forecast_days": 1,
              "hourly": "temperature_2m,wind_speed_10m,precipitation"}
    resp = getattr(_http(), "get")(API, params=params, timeout=timeout)
    resp.raise_for_status()
    h = resp.json()["hourly"]
    return [Hour(t, tc, w, r) for t, tc, w, r in zip(
        h["time"], h["temperature_2m"], h["wind_speed_10m"], h["precipitation"])]


def rate_terrace(h: Hour) -> str:
    if h.rain > 0.5 or h.wind > 35:
        return "closed"
    if h.temp < -5:
        return "short stays"
    return "open"


def rate_plunge(h: Hour) -> str:
    if h.temp > 25:
        return "refreshing"
    if h.temp < -10:
        return "ice check needed"
    return "normal"


RATERS = {"terrace": rate_terrace, "plunge": rate_plunge}


def report(hours: list, open_h: int, close_h: int, areas: list):
    for h in hours:
        hour = int(h.time[11:13])
        if not open_h <= hour < close_h:
            continue
        verdicts = ", ".join(f"{a}: {RATERS[a](h)}" for a in areas)
        print(f"{h.time[11:16]}  {h.temp:5.1f}°C  wind {h.wind:4.0f} km/h  {verdicts}")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="outdoor cool-down advice")
    ap.add_argument("--lat", type=float, default=float(os.environ.get("CLUB_LAT", 60.17)))
    ap.add_argument("--lon", type=float, default=float(os.environ.get("CLUB_LON", 24.94)))
    ap.add_argument("--open", type=int, default=10)
    ap.add_argument("--close", type=int, default=22)
    ap.add_argument("--areas", default="terrace,plunge")
    ap.add_argument("--timeout", type=float, default=10.0)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    areas = [a for a in args.areas.split(",") if a in RATERS]
    if not areas:
        log.error("no known areas in %r", args.areas)
        return 2
    try:
        hours = fetch(args.lat, args.lon, args.timeout)
    except Exception as exc:
        log.error("forecast unavailable: %s", exc)
        return 1
    report(hours, args.open, args.close, areas)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
