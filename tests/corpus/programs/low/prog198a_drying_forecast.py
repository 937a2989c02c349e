#!/usr/bin/env python3
"""Estimates how long greenware on the outdoor drying racks will take to
reach leather-hard and bone-dry, using the public weather forecast."""

import argparse
import logging
import sys

import requests

LOG = logging.getLogger("drying")

FORECAST_URL = "https://api.open-meteo.com/v1/forecast"


def fetch_forecast(lat, lon, hours):
    params = {
        "latitude": lat,
        "longitude": lon,
        "hourly": "temperature_2m,relative_humidity_2m,wind_speed_10m",
        "forecast_hours": hours,
    }
    resp = requests.get(FORECAST_URL, params=params, timeout=15)
    resp.raise_for_status()
    return resp.json()["hourly"]


class DryingModel:
    """Very rough evaporation index: warmer, drier, windier air dries faster."""

    def __init__(self, wall_mm):
        self.wall_mm = wall_mm

    def hourly_progress(self, temp_c, rh, wind):
        t_factor = max(temp_c, 2) / 20.0
        h_factor = max(100 - rh, 5) / 50.0
        w_factor = 1 + min(wind, 30) / 30.0
        return t_factor * h_factor * w_factor / (self.wall_mm * 1.6)

    def run(self, hourly):
        progress = 0.0
        marks = {}
        times = hourly["time"]
        for i, stamp in enumerate(times):
            progress += self.hourly_progress(
                hourly["temperature_2m"][i],
                hourly["relative_humidity_2m"][i],
                hourly["wind_speed_10m"][i],
            )
            if progress >= 1.0 and "leather-hard" not in marks:
                marks["leather-hard"] = stamp
            if progress >= 2.5:
                marks["bone-dry"] = stamp
                break
        return marks, progress


def main():
    ap = argparse.ArgumentParser(description="Greenware drying estimate")
    ap.add_argument("--lat", type=float, default=45.52)
    ap.add_argument("--lon", type=float, default=-122.68)
    ap.add_argument("--wall", type=float, default=8.0, help="wall thickness in mm")
    ap.add_argument("--hours", type=int, default=96)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        hourly = fetch_forecast(args.lat, args.lon, args.hours)
    except (requests.RequestException, KeyError, ValueError) as exc:
        LOG.error("forecast unavailable: %s", exc)
        return 1

    marks, progress = DryingModel(args.wall).run(hourly)
    for stage in ("leather-hard", "bone-dry"):
        when = marks.get(stage)
        print(f"{stage:<13} {when or 'not within forecast window'}")
    if "bone-dry" not in marks:
        print(f"(reached {progress / 2.5:.0%} of bone-dry; consider the damp room)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
