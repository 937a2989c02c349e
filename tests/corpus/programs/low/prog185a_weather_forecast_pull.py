#!/usr/bin/env python3
"""Outdoor forecast pull for the fresh-air intake planner.

The fruiting rooms draw fresh air from outside, so a hot or very dry day
means the foggers work harder.  This pulls the hourly forecast for the farm,
caches it, and writes a CSV of hours where intake air needs extra
humidification or cooling.
"""
import argparse
import csv
import hashlib
import json
import logging
import os
import time
import urllib.parse
import urllib.request
from pathlib import Path

LOG = logging.getLogger("forecast")

API = os.environ.get("FORECAST_API", "https://api.weather.example.com/v1/forecast")
FARM = {"lat": float(os.environ.get("FARM_LAT", "52.21")),
        "lon": float(os.environ.get("FARM_LON", "-1.53"))}
CACHE_DIR = Path(os.environ.get("FORECAST_CACHE", ".forecast_cache"))
CACHE_TTL = 3 * 3600

# condition name -> predicate on an hourly record
FLAGS = {
    "hot": lambda h: h["temp_c"] > 22.0,
    "dry": lambda h: h["rh_pct"] < 55.0,
    "cold": lambda h: h["temp_c"] < 4.0,
}


def _cache_key(url):
    # md5 is only a file name here
    return CACHE_DIR / (hashlib.md5(url.encode()).hexdigest() + ".json")


def fetch(url, refresh=False):
    path = _cache_key(url)
    if not refresh and path.exists() and time.time() - path.stat().st_mtime < CACHE_TTL:
        LOG.debug("cache hit %s", path.name)
        return json.loads(path.read_text())
    req = urllib.request.Request(url, headers={"Accept": "application/json",
                                               "User-Agent": "farm-intake-planner/1.3"})
    with urllib.request.urlopen(req, timeout=20) as resp:
        data = json.load(resp)
    CACHE_DIR.mkdir(exist_ok=True)
    path.write_text(json.dumps(data))
    return data


def build_url(hours):
    params = {"lat": FARM["lat"], "lon": FARM["lon"], "hours": hours,
              "fields": "temp_c,rh_pct,wind_ms"}
    return f"{API}?{urllib.parse.urlencode(params)}"


def flagged_hours(forecast):
    for hour in forecast.get("hourly", []):
        hits = [name for name, test in FLAGS.items() if test(hour)]
        if hits:
            yield hour["time"], hour["temp_c"], hour["rh_pct"], "+".join(hits)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hours", type=int, default=48)
    ap.add_argument("--refresh", action="store_true", help="ignore cache")
    ap.add_argument("-o", "--out", type=Path, default=Path("intake_plan.csv"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        forecast = fetch(build_url(args.hours), args.refresh)
    except OSError as exc:
        LOG.error("forecast unavailable: %s", exc)
        raise SystemExit(1)

    rows = list(flagged_hours(forecast))
    with args.out.open("w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["time", "temp_c", "rh_pct", "flags"])
        w.writerows(rows)
    LOG.info("%d of %d hours flagged -> %s", len(rows),
             len(forecast.get("hourly", [])), args.out)


if __name__ == "__main__":
    main()
