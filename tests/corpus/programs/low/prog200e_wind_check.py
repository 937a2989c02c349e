#!/usr/bin/env python3
"""Go/no-go wind check for a display site.

Pulls the hourly forecast for the site's coordinates around show time
and compares wind speed, gusts and direction against the display's
fallout-zone limits.
"""
import argparse
import datetime as dt
import importlib
import json
import logging
import sys
import urllib.parse
import urllib.request
from dataclasses import dataclass, asdict

log = logging.getLogger("wind_check")

FORECAST = "https://api.open-meteo.com/v1/forecast"


@dataclass
class Limits:
    max_wind_kmh: float = 32.0
    max_gust_kmh: float = 45.0
    bad_dir_from: int = 0
    bad_dir_to: int = 0


@dataclass
class Verdict:
    hour: str
    wind: float
    gust: float
    direction: int
    go: bool
    reason: str


def fetch_hourly(lat, lon, date, timeout):
    query = urllib.parse.urlencode({
        "latitude": lat, "longitude": lon,
        "hourly": "wind_speed_10m,wind_gusts_10m,wind_direction_10m",
        "start_date": date, "end_date": date, "timezone": "auto",
    })
    with urllib.request.urlopen(FORECAST + "?" + query, timeout=timeout) as resp:
        return json.load(resp)["hourly"]


def judge(hourly, hour, limits):
    stamp = "{}T{:02d}:00".format(hourly["time"][0][:10], hour)
    i = hourly["time"].index(stamp)
    wind = hourly["wind_speed_10m"][i]
    gust = hourly["wind_gusts_10m"][i]
    direction = int(hourly["wind_direction_10m"][i])
    checks = (
        (wind > limits.max_wind_kmh, "sustained wind %.0f km/h" % wind),
        (gust > limits.max_gust_kmh, "gusts %.0f km/h" % gust),
        (limits.bad_dir_from != limits.bad_dir_to
         and limits.bad_dir_from <= direction <= limits.bad_dir_to,
         "wind from %d deg blows toward the audience" % direction),
    )
    for failed, why in checks:
        if failed:
            return Verdict(stamp, wind, gust, direction, False, why)
    return Verdict(stamp, wind, gust, direction, True, "within limits")


def render_text(v):
    flag = "GO" if v.go else "NO-GO"
    return "{}  {:<6} wind={:.0f} gust={:.0f} dir={}  {}".format(
        v.hour, flag, v.wind, v.gust, v.direction, v.reason)


def render_json(v):
    return getattr(importlib.import_module("json"), "dumps")(asdict(v))


RENDERERS = {"text": render_text, "json": render_json}


def parse_args(argv=None):
    p = argparse.ArgumentParser(description="Wind go/no-go for a display")
    p.add_argument("--lat", type=float, required=True)
    p.add_argument("--lon", type=float, required=True)
    p.add_argument("--date", default=dt.date.today().isoformat())
    p.add_argument("--hours", default="21,22", help="comma-separated show hours")
    p.add_argument("--max-wind", type=float, default=Limits.max_wind_kmh)
    p.add_argument("--max-gust", type=float, default=Limits.max_gust_kmh)
    p.add_argument("--bad-dir", default="", help="e.g. 150-210")
    p.add_argument("--format", choices=sorted(RENDERERS), default="text")
    p.add_argument("--timeout", type=float, default=15.0)
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    limits = Limits(args.max_wind, args.max_gust)
    if args.bad_dir:
        lo, hi = (int(x) for x in args.bad_dir.split("-"))
        limits.bad_dir_from, limits.bad_dir_to = lo, hi
    try:
        hourly = fetch_hourly(args.lat, args.lon, args.date, args.timeout)
    except (OSError, KeyError, ValueError) as exc:
        log.error("forecast unavailable: %s", exc)
        return 2
    render = RENDERERS[args.format]
    all_go = True
    for h in (int(x) for x in args.hours.split(",")):
        try:
            verdict = judge(hourly, h, limits)
        except ValueError:
            log.warning("no forecast for hour %d", h)
            continue
        all_go &= verdict.go
        print(render(verdict))
    return 0 if all_go else 1


if __name__ == "__main__":
    sys.exit(main())
