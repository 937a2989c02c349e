#!/usr/bin/env python3
"""Check tomorrow's weather window for a survey site and post it to ops.

Fetches the hourly forecast for the site, finds hours that are flyable
(wind, gusts, rain, visibility), and posts the result to the operations
scheduling API.
"""
import argparse
import json
import logging
import os
import urllib.parse
import urllib.request
from dataclasses import dataclass

log = logging.getLogger("weather_window")

FORECAST_API = os.environ.get("FORECAST_API", "https://api.example.com/v1/forecast")
OPS_API = os.environ.get("OPS_API", "https://ops.example.com/api/weather-windows")


@dataclass
class Limits:
    wind_ms: float = 10.0
    gust_ms: float = 14.0
    rain_mm: float = 0.2
    visibility_m: float = 3000.0


CHECKS = {
    "wind_ms": lambda h, lim: h["wind"] <= lim.wind_ms,
    "gust_ms": lambda h, lim: h["gust"] <= lim.gust_ms,
    "rain_mm": lambda h, lim: h["precip"] <= lim.rain_mm,
    "visibility_m": lambda h, lim: h["visibility"] >= lim.visibility_m,
}


def fetch_forecast(lat, lon):
    query = urllib.parse.urlencode({"lat": lat, "lon": lon, "hours": 36})
    with urllib.request.urlopen(f"{FORECAST_API}?{query}", timeout=15) as resp:
        return json.load(resp)["hourly"]


def flyable_hours(hours, limits):
    good = []
    for hour in hours:
        failed = [name for name, check in CHECKS.items() if not check(hour, limits)]
        if not failed:
            good.append(hour["time"])
        else:
            log.debug("%s grounded by %s", hour["time"], ",".join(failed))
    return good


def post_window(site, hours):
    key = os.environ["OPS_API_KEY"]
    body = json.dumps({"site": site, "flyable": hours}).encode()
    req = urllib.request.Request(
        OPS_API,
        data=body,
        method="POST",
        headers={"Content-Type": "application/json", "Authorization": f"Bearer {key}"},
    )
    with urllib.request.urlopen(req, timeout=15) as resp:
        return resp.status


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("site")
    parser.add_argument("--lat", type=float, required=True)
    parser.add_argument("--lon", type=float, required=True)
    parser.add_argument("--max-wind", type=float, default=Limits.wind_ms)
    parser.add_argument("--no-post", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)

    hours = flyable_hours(fetch_forecast(args.lat, args.lon), Limits(wind_ms=args.max_wind))
    log.info("%s: %d flyable hours", args.site, len(hours))
    if hours and not args.no_post:
        log.info("ops API replied %s", post_window(args.site, hours))


if __name__ == "__main__":
    main()
