#!/usr/bin/env python3
"""Morning weather check for the van delivery routes.

For each route's stops, fetches the forecast for the delivery window and
warns the dispatcher about ice, snow or heavy rain so chilled parcels
can be held back. Responses are cached for an hour in ./.weather_cache.
"""
import argparse
import base64
import hashlib
import json
import logging
import time
from pathlib import Path

import requests

log = logging.getLogger("route-weather")

FORECAST_URL = "https://weather.example.com/api/forecast"
CACHE_DIR = Path(".weather_cache")
CACHE_TTL = 3600
WARN_CODES = {"ICE": "icy roads", "SNOW": "snow", "HEAVY_RAIN": "heavy rain", "GALE": "high wind"}


def cache_key(lat, lon, hour):
    # md5 is only used to give the cache file a short stable name
    raw = "%.3f,%.3f,%s" % (lat, lon, hour)
    return hashlib.md5(raw.encode()).hexdigest()


def purge_cache(max_age):
    if not CACHE_DIR.exists():
        return 0
    removed = 0
    for f in CACHE_DIR.glob("*.json"):
        if time.time() - f.stat().st_mtime > max_age:
            f.unlink()
            removed += 1
    return removed


def service_up():
    try:
        return requests.head(FORECAST_URL, timeout=5).status_code < 500
    except requests.RequestException:
        return False


def forecast(lat, lon, hour):
    CACHE_DIR.mkdir(exist_ok=True)
    path = CACHE_DIR / (cache_key(lat, lon, hour) + ".json")
    if path.exists() and time.time() - path.stat().st_mtime < CACHE_TTL:
        return json.loads(path.read_text())
    resp = requests.get(FORECAST_URL, params={"lat": lat, "lon": lon, "hour": hour}, timeout=10)
    resp.raise_for_status()
    data = resp.json()
    path.write_text(json.dumps(data))
    return data


def route_token(route_name):
    # dispatch board links use a url-safe id for each route
    return base64.urlsafe_b64encode(route_name.encode()).decode().rstrip("=")


def check_route(route, hour):
    warnings = []
    for stop in route["stops"]:
        try:
            fc = forecast(stop["lat"], stop["lon"], hour)
        except requests.RequestException as exc:
            log.warning("forecast failed for %s: %s", stop.get("name"), exc)
            continue
        for code in fc.get("alerts", []):
            if code in WARN_CODES:
                warnings.append("%s: %s" % (stop.get("name", "?"), WARN_CODES[code]))
    return warnings


def main():
    ap = argparse.ArgumentParser(description="Weather warnings for delivery routes")
    ap.add_argument("routes", nargs="?", default="routes.json")
    ap.add_argument("--hour", default=time.strftime("%Y-%m-%dT09:00"))
    ap.add_argument("--clear-cache", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    removed = purge_cache(0 if args.clear_cache else CACHE_TTL * 24)
    if removed:
        log.info("removed %d stale cache files", removed)

    if not service_up():
        log.error("forecast service unreachable; check again later")
        return 1

    with open(args.routes) as fh:
        routes = json.load(fh)
    any_warn = False
    for route in routes:
        warns = check_route(route, args.hour)
        link = "https://dispatch.example.com/r/" + route_token(route["name"])
        if warns:
            any_warn = True
            print("ROUTE %s (%s)" % (route["name"], link))
            for w in warns:
                print("   - " + w)
        else:
            print("ROUTE %s ok" % route["name"])
    return 2 if any_warn else 0


if __name__ == "__main__":
    raise SystemExit(main())
