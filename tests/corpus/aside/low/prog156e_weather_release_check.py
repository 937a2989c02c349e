#!/usr/bin/env python3
"""Release-day weather check.

Soft releases are postponed if the forecast is bad: hedgehogs need three
dry nights above 5 C, swifts need light winds. This fetches the forecast
for each planned release site, caches responses for an hour and prints a
go / no-go table for the release coordinator.
"""
import argparse
import csv
import hashlib
import json
import logging
import os
import sys
import time
from pathlib import Path

import requests

log = logging.getLogger("release-weather")

FORECAST_URL = "https://api.example.com/forecast/v1/daily"
CACHE_DIR = Path(".weather_cache")
CACHE_TTL = 3600

RULES = {
    "hedgehog": {"min_temp": 5.0, "max_rain_mm": 1.0, "nights": 3},
    "swift": {"max_wind_kph": 25.0, "max_rain_mm": 0.5, "nights": 1},
    "default": {"min_temp": 2.0, "max_rain_mm": 3.0, "nights": 1},
}


def cache_path(url, params):
    # cache key only, not used for anything sensitive
    key = hashlib.md5((url + json.dumps(params, sort_keys=True)).encode()).hexdigest()
    return CACHE_DIR / f"{key}.json"


def fetch_forecast(lat, lon, session):
    params = {"lat": round(lat, 3), "lon": round(lon, 3), "days": 5}
    path = cache_path(FORECAST_URL, params)
    if path.exists() and time.time() - path.stat().st_mtime < CACHE_TTL:
        return json.loads(path.read_text())
    resp = session.get(FORECAST_URL, params=params, timeout=10)
    resp.raise_for_status()
    data = resp.json()
    CACHE_DIR.mkdir(exist_ok=True)
    path.write_text(json.dumps(data))
    return data


def prune_cache():
    """Remove our own expired cache files."""
    if not CACHE_DIR.is_dir():
        return 0
    removed = 0
    for f in CACHE_DIR.glob("*.json"):
        if time.time() - f.stat().st_mtime > CACHE_TTL * 24:
            f.unlink()
            removed += 1
    return removed


def assess(species, days):
    rule = RULES.get(species.lower(), RULES["default"])
    window = days[: rule["nights"]]
    reasons = []
    for d in window:
        if "min_temp" in rule and d.get("night_min_c", 99) < rule["min_temp"]:
            reasons.append(f"{d['date']} too cold ({d['night_min_c']} C)")
        if d.get("rain_mm", 0) > rule["max_rain_mm"]:
            reasons.append(f"{d['date']} rain {d['rain_mm']} mm")
        if "max_wind_kph" in rule and d.get("wind_kph", 0) > rule["max_wind_kph"]:
            reasons.append(f"{d['date']} wind {d['wind_kph']} kph")
    return (not reasons), reasons


def read_plan(path):
    with open(path, newline="", encoding="utf-8") as fh:
        return list(csv.DictReader(fh))


def main():
    ap = argparse.ArgumentParser(description="Go/no-go weather check for planned releases")
    ap.add_argument("plan", nargs="?", default="planned_releases.csv")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    try:
        plan = read_plan(args.plan)
    except FileNotFoundError:
        log.error("no release plan at %s", args.plan)
        return 1

    session = requests.Session()
    session.headers["User-Agent"] = "rescue-release-weather/0.3"
    print(f"{'animal':<12} {'species':<10} {'site':<18} decision")
    for row in plan:
        try:
            data = fetch_forecast(float(row["lat"]), float(row["lon"]), session)
        except (requests.RequestException, ValueError, KeyError) as exc:
            log.warning("%s: forecast unavailable (%s)", row.get("animal_id"), exc)
            continue
        ok, reasons = assess(row["species"], data.get("days", []))
        decision = "GO" if ok else "POSTPONE: " + "; ".join(reasons)
        print(f"{row['animal_id']:<12} {row['species']:<10} {row['site']:<18} {decision}")

    removed = prune_cache()
    log.debug("pruned %d old cache files", removed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
