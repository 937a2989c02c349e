#!/usr/bin/env python3
"""Fetch recent rainfall and river-level readings near the canal feeders.

Uses the Environment Agency flood-monitoring API, caching responses in the
working directory so repeated runs during a storm watch stay polite.
"""
import argparse
import hashlib
import json
import logging
import os
import sys
import time
import urllib.parse
import urllib.request
from pathlib import Path

log = logging.getLogger("rainfall")

API = "https://environment.data.gov.uk/flood-monitoring"
CACHE_DIR = Path(".rain-cache")


def cache_path(url):
    key = hashlib.md5(url.encode()).hexdigest()
    return CACHE_DIR / f"{key}.json"


def get_json(url, max_age, timeout):
    path = cache_path(url)
    if path.exists() and time.time() - path.stat().st_mtime < max_age:
        log.debug("cache hit %s", path.name)
        return json.loads(path.read_text())
    with urllib.request.urlopen(url, timeout=timeout) as resp:
        data = json.load(resp)
    CACHE_DIR.mkdir(exist_ok=True)
    path.write_text(json.dumps(data))
    os.chmod(path, 0o600)
    return data


def latest_readings(station, max_age, timeout):
    url = f"{API}/id/stations/{urllib.parse.quote(station)}/readings?latest"
    return get_json(url, max_age, timeout).get("items", [])


def stations_near(lat, lon, dist, parameter, max_age, timeout):
    query = urllib.parse.urlencode(
        {"lat": lat, "long": lon, "dist": dist, "parameter": parameter})
    return get_json(f"{API}/id/stations?{query}", max_age, timeout).get("items", [])


def render(station, readings):
    label = station.get("label", station.get("notation"))
    if not readings:
        print(f"{label:<32} no recent reading")
        return
    for r in readings:
        print(f"{label:<32} {r.get('value', '?'):>8}  {r.get('dateTime', '')}")


def main(argv=None):
    p = argparse.ArgumentParser(description="rainfall near canal feeders")
    p.add_argument("--lat", type=float, default=52.41)
    p.add_argument("--lon", type=float, default=-2.09)
    p.add_argument("--dist", type=int, default=15, help="km radius")
    p.add_argument("--parameter", choices=["rainfall", "level"], default="rainfall")
    p.add_argument("--max-age", type=int, default=600)
    p.add_argument("--timeout", type=float, default=15)
    p.add_argument("--clear-cache", action="store_true")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.clear_cache and CACHE_DIR.exists():
        for f in CACHE_DIR.glob("*.json"):
            f.unlink()
        log.info("cache cleared")
    try:
        stations = stations_near(args.lat, args.lon, args.dist, args.parameter,
                                 args.max_age, args.timeout)
        for st in stations:
            render(st, latest_readings(st["notation"], args.max_age, args.timeout))
    except (OSError, ValueError) as exc:
        log.error("API request failed: %s", exc)
        return 1
    log.info("%d stations checked", len(stations))
    return 0


if __name__ == "__main__":
    sys.exit(main())
