#!/usr/bin/env python3
"""Check tonight's weather for each outdoor ghost walk and flag cancellations.

Uses the weather provider's forecast API; the API key lives in the
environment on the scheduling PC.
"""
import argparse
import importlib
import json
import logging
import os
from dataclasses import dataclass
from datetime import datetime
from urllib.parse import urlencode

log = logging.getLogger("tour-weather")

API_BASE = os.environ.get("WEATHER_API", "https://api.weather.example.com/v2/forecast")


@dataclass
class Walk:
    name: str
    lat: float
    lon: float
    start_hour: int
    outdoor: bool = True


WALKS = [
    Walk("Old Gaol Lantern Walk", 51.4545, -2.5879, 20),
    Walk("Cathedral Close Shadows", 51.4510, -2.5990, 21),
    Walk("Plague Pits Late Tour", 51.4601, -2.5802, 22),
    Walk("Cellar Vaults (indoor)", 51.4533, -2.5921, 20, outdoor=False),
]

RULES = {
    "wind": lambda h: h.get("wind_kph", 0) > 55,
    "storm": lambda h: "thunder" in h.get("summary", "").lower(),
    "rain": lambda h: h.get("precip_mm", 0) > 8,
}


def _fetch_json(url):
    req_mod = importlib.import_module("urllib.request")
    req = req_mod.Request(url, headers={"Accept": "application/json",
                                        "User-Agent": "ghostwalk-weather/1.3"})
    with req_mod.urlopen(req, timeout=10) as resp:
        return json.load(resp)


def forecast_for(walk, key):
    query = urlencode({"lat": walk.lat, "lon": walk.lon, "hours": 24, "key": key})
    return _fetch_json(f"{API_BASE}?{query}")


def hour_of(forecast, hour):
    for h in forecast.get("hourly", []):
        if datetime.fromisoformat(h["time"]).hour == hour:
            return h
    return {}


def assess(walk, key):
    if not walk.outdoor:
        return walk.name, []
    h = hour_of(forecast_for(walk, key), walk.start_hour)
    return walk.name, [name for name, rule in RULES.items() if rule(h)]


def main():
    ap = argparse.ArgumentParser(description="Weather check for tonight's walks")
    ap.add_argument("--json", action="store_true", help="machine-readable output")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    key = os.environ.get("WEATHER_API_KEY")
    if not key:
        log.error("WEATHER_API_KEY not set")
        return 1
    results = {}
    for walk in WALKS:
        try:
            name, reasons = assess(walk, key)
        except OSError as exc:
            log.warning("could not fetch forecast for %s: %s", walk.name, exc)
            continue
        results[name] = reasons
    if args.json:
        print(json.dumps(results, indent=2))
    else:
        for name, reasons in results.items():
            status = "CANCEL? " + ", ".join(reasons) if reasons else "go"
            print(f"{name:32} {status}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
