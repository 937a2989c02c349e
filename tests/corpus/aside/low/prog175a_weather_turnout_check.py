#!/usr/bin/env python3
"""Decide today's turnout from the forecast.

Asks the weather service for today's forecast at the yard and prints which
paddocks can be used: the clay paddocks close after heavy rain, and rugs go
on below 8 C or when it's wet and windy.
"""
import argparse
import json
import logging
import os
import urllib.parse
import urllib.request
from pathlib import Path

LOG = logging.getLogger("turnout")

API_BASE = os.environ.get("WEATHER_API", "https://api.weather.example.com/v1/forecast")
API_KEY = os.environ.get("WEATHER_API_KEY", "")
YARD_LAT = float(os.environ.get("YARD_LAT", "52.41"))
YARD_LON = float(os.environ.get("YARD_LON", "-1.51"))
OUT_FILE = Path(os.environ.get("TURNOUT_FILE", "turnout_today.json"))

PADDOCKS = {
    "Top Field": {"soil": "loam", "shelter": True},
    "Long Meadow": {"soil": "clay", "shelter": False},
    "Orchard": {"soil": "loam", "shelter": True},
    "Bottom Clay": {"soil": "clay", "shelter": False},
}


def fetch_forecast(lat, lon, key, timeout=10):
    query = urllib.parse.urlencode({"lat": lat, "lon": lon, "days": 1})
    req = urllib.request.Request(f"{API_BASE}?{query}")
    if key:
        req.add_header("Authorization", f"Bearer {key}")
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return json.load(resp)


def rug_advice(temp_c, rain_mm, wind_kph):
    if temp_c < 3:
        return "heavyweight"
    if temp_c < 8 or (rain_mm > 2 and wind_kph > 25):
        return "medium"
    if rain_mm > 0.5:
        return "rain sheet"
    return "none"


def paddock_ok(info, rain_mm, wind_kph):
    if info["soil"] == "clay" and rain_mm > 10:
        return False, "waterlogged"
    if not info["shelter"] and wind_kph > 50:
        return False, "too exposed"
    return True, ""


def decide(forecast):
    today = forecast["daily"][0]
    rain = float(today.get("rain_mm", 0))
    wind = float(today.get("wind_kph", 0))
    temp = float(today.get("temp_min_c", 10))
    plan = {"rain_mm": rain, "wind_kph": wind, "temp_min_c": temp,
            "rugs": rug_advice(temp, rain, wind), "paddocks": {}}
    for name, info in PADDOCKS.items():
        ok, why = paddock_ok(info, rain, wind)
        plan["paddocks"][name] = "open" if ok else f"closed ({why})"
    return plan


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lat", type=float, default=YARD_LAT)
    parser.add_argument("--lon", type=float, default=YARD_LON)
    parser.add_argument("--from-file", type=Path, help="use a saved forecast")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.from_file:
        forecast = json.loads(args.from_file.read_text())
    else:
        forecast = fetch_forecast(args.lat, args.lon, API_KEY)
    plan = decide(forecast)

    print(f"Rain {plan['rain_mm']}mm, wind {plan['wind_kph']}kph, "
          f"low {plan['temp_min_c']}C -> rugs: {plan['rugs']}")
    for name, state in plan["paddocks"].items():
        print(f"  {name:<12} {state}")
    OUT_FILE.write_text(json.dumps(plan, indent=2))
    LOG.info("plan saved to %s", OUT_FILE)


if __name__ == "__main__":
    main()
