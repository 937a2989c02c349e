#!/usr/bin/env python3
"""Weather window finder.

For each site on next week's schedule, asks the forecast API for hourly
wind and rain and lists the half-days that are workable on ropes (gusts
under the site limit, no rain). Forecast responses are cached in
./.forecast_cache for an hour so re-running during planning is quick.
"""
import argparse
import hashlib
import json
import logging
import os
import sys
import time
from pathlib import Path

import requests

LOG = logging.getLogger("window")

API_URL = "https://api.example.com/forecast/v1/hourly"
CACHE_DIR = Path(".forecast_cache")
CACHE_TTL = 3600
DEFAULT_LIMIT_MPH = 23.0


def cache_key(params: dict) -> Path:
    raw = json.dumps(params, sort_keys=True).encode()
    return CACHE_DIR / (hashlib.md5(raw).hexdigest() + ".json")


def fetch_forecast(session, lat, lon, days):
    params = {"lat": round(lat, 4), "lon": round(lon, 4), "days": days, "fields": "gust_mph,rain_mm"}
    path = cache_key(params)
    if path.exists() and time.time() - path.stat().st_mtime < CACHE_TTL:
        return json.loads(path.read_text())
    resp = session.get(API_URL, params=params, timeout=15)
    resp.raise_for_status()
    data = resp.json()
    CACHE_DIR.mkdir(exist_ok=True)
    path.write_text(json.dumps(data))
    return data


def workable_slots(hours, limit_mph):
    """Group hourly readings into AM (8-12) and PM (12-17) blocks."""
    slots = {}
    for h in hours:
        day, hour = h["time"][:10], int(h["time"][11:13])
        if 8 <= hour < 12:
            block = "AM"
        elif 12 <= hour < 17:
            block = "PM"
        else:
            continue
        ok = h["gust_mph"] < limit_mph and h["rain_mm"] < 0.2
        slots.setdefault((day, block), []).append(ok)
    return [k for k, v in sorted(slots.items()) if all(v)]


def load_sites(path):
    with open(path) as fh:
        sites = json.load(fh)
    for s in sites:
        if "lat" not in s or "lon" not in s:
            raise ValueError(f"site {s.get('name')} has no coordinates")
    return sites


def clear_cache():
    if CACHE_DIR.is_dir():
        for f in CACHE_DIR.glob("*.json"):
            f.unlink()
        LOG.info("forecast cache cleared")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("sites", nargs="?", default="sites_next_week.json")
    ap.add_argument("--days", type=int, default=7)
    ap.add_argument("--clear-cache", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.clear_cache:
        clear_cache()

    key = os.environ.get("FORECAST_API_KEY")
    if not key:
        sys.exit("FORECAST_API_KEY is not set")

    session = requests.Session()
    session.headers.update({"X-Api-Key": key, "User-Agent": "ropeworks-window/1.2"})

    try:
        sites = load_sites(args.sites)
    except (OSError, ValueError) as exc:
        sys.exit(f"cannot read sites: {exc}")

    for site in sites:
        limit = float(site.get("wind_limit_mph", DEFAULT_LIMIT_MPH))
        try:
            data = fetch_forecast(session, site["lat"], site["lon"], args.days)
        except requests.RequestException as exc:
            LOG.warning("%s: forecast unavailable (%s)", site["name"], exc)
            continue
        slots = workable_slots(data.get("hours", []), limit)
        label = ", ".join(f"{d} {b}" for d, b in slots) or "none this week"
        print(f"{site['name']:30} limit {limit:.0f} mph: {label}")


if __name__ == "__main__":
    main()
