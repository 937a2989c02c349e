#!/usr/bin/env python3
"""Decide whether the outdoor bungee trampolines open today.

Pulls the hourly forecast for the park, checks wind gusts, lightning risk
and temperature against the operating limits in the safety manual, and
writes a status file the front-desk screen reads.
"""
import argparse
import json
import logging
import os
import pathlib
import urllib.parse
import urllib.request
from dataclasses import dataclass, asdict

log = logging.getLogger("weather-check")

API = os.environ.get("WEATHER_API", "https://api.weather.example.com/v2/hourly")
LAT, LON = os.environ.get("PARK_LAT", "41.8781"), os.environ.get("PARK_LON", "-87.6298")


@dataclass
class Limits:
    max_gust_kph: float = 40.0
    max_lightning_pct: int = 20
    min_temp_c: float = 4.0
    max_temp_c: float = 36.0


@dataclass
class Verdict:
    open: bool
    reasons: list
    hours_checked: int


def fetch_forecast(hours):
    qs = urllib.parse.urlencode({"lat": LAT, "lon": LON, "hours": hours, "units": "metric"})
    with urllib.request.urlopen(f"{API}?{qs}", timeout=15) as resp:
        return json.load(resp).get("hourly", [])


CHECKS = {
    "gusts": lambda h, lim: h.get("gust_kph", 0) > lim.max_gust_kph,
    "lightning": lambda h, lim: h.get("lightning_pct", 0) > lim.max_lightning_pct,
    "cold": lambda h, lim: h.get("temp_c", 20) < lim.min_temp_c,
    "heat": lambda h, lim: h.get("temp_c", 20) > lim.max_temp_c,
}


def evaluate(hourly, limits, open_hour, close_hour):
    reasons = []
    window = [h for h in hourly if open_hour <= int(h.get("hour", 0)) < close_hour]
    for h in window:
        for name, failed in CHECKS.items():
            if failed(h, limits):
                reasons.append(f"{h.get('hour')}:00 {name}")
    return Verdict(open=not reasons, reasons=reasons, hours_checked=len(window))


def write_status(path, verdict):
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(asdict(verdict), indent=2))
    tmp.replace(path)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--open-hour", type=int, default=10)
    ap.add_argument("--close-hour", type=int, default=20)
    ap.add_argument("--out", type=pathlib.Path, default=pathlib.Path("status/outdoor.json"))
    ap.add_argument("--gust-limit", type=float)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    limits = Limits()
    if args.gust_limit:
        limits.max_gust_kph = args.gust_limit
    try:
        hourly = fetch_forecast(24)
    except OSError as exc:
        log.error("forecast unavailable (%s); leaving outdoor courts closed", exc)
        hourly = []
        verdict = Verdict(open=False, reasons=["no forecast"], hours_checked=0)
    else:
        verdict = evaluate(hourly, limits, args.open_hour, args.close_hour)
    write_status(args.out, verdict)
    log.info("outdoor bungee: %s %s", "OPEN" if verdict.open else "CLOSED", verdict.reasons[:5])


if __name__ == "__main__":
    main()
