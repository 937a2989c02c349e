#!/usr/bin/env python3
"""Daily melt forecast for the glacier trip planner.

Pulls the hourly temperature and freezing-level forecast for each trailhead
and writes a CSV the planners use to decide early starts.
"""
import argparse
import csv
import hashlib
import json
import logging
import time
import urllib.parse
import urllib.request
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("melt")

API = "https://api.open-meteo.com/v1/forecast"
CACHE = Path(".melt_cache")


@dataclass
class Trailhead:
    name: str
    lat: float
    lon: float


SITES = [
    Trailhead("Upper Icefall Hut", 46.54, 8.03),
    Trailhead("Moraine Car Park", 46.49, 8.10),
    Trailhead("Snout Viewpoint", 46.47, 8.06),
]


def cached(ttl):
    def deco(fn):
        def inner(url):
            CACHE.mkdir(exist_ok=True)
            key = CACHE / (hashlib.md5(url.encode()).hexdigest() + ".json")
            if key.exists() and time.time() - key.stat().st_mtime < ttl:
                return json.loads(key.read_text())
            data = fn(url)
            key.write_text(json.dumps(data))
            return data
        return inner
    return deco


@cached(ttl=3 * 3600)
def get_json(url):
    with urllib.request.urlopen(url, timeout=15) as resp:
        return json.load(resp)


def forecast_url(site):
    q = {"latitude": site.lat, "longitude": site.lon,
         "hourly": "temperature_2m,freezing_level_height", "forecast_days": 2}
    return API + "?" + urllib.parse.urlencode(q)


def prune_cache(max_age):
    if not CACHE.is_dir():
        return 0
    gone = 0
    for f in CACHE.glob("*.json"):
        if time.time() - f.stat().st_mtime > max_age:
            f.unlink()
            gone += 1
    return gone


def summarise(site, data):
    hourly = data.get("hourly", {})
    temps = hourly.get("temperature_2m", [])
    fl = hourly.get("freezing_level_height", [])
    above = sum(1 for t in temps[:24] if t is not None and t > 0)
    return {"site": site.name, "max_temp": max(temps[:24], default=None),
            "max_freezing_level": max(fl[:24], default=None), "hours_above_zero": above}


def write_csv(path, rows):
    with open(path, "w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows(rows)


def write_json(path, rows):
    Path(path).write_text(json.dumps(rows, indent=2))


WRITERS = {"csv": write_csv, "json": write_json}


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("-o", "--out", default="melt_forecast.csv")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    log.info("pruned %d stale cache files", prune_cache(86400))
    rows = []
    for site in SITES:
        try:
            rows.append(summarise(site, get_json(forecast_url(site))))
        except (OSError, ValueError) as exc:
            log.error("forecast for %s failed: %s", site.name, exc)
    if not rows:
        return 1
    fmt = "json" if args.out.endswith(".json") else "csv"
    WRITERS[fmt](args.out, rows)
    log.info("wrote %d rows to %s (%s)", len(rows), args.out, fmt)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
