#!/usr/bin/env python3
"""Fetch tomorrow's PV production forecast with a local cache.

The free forecast.solar tier allows only a handful of calls per hour, while
the battery scheduler, dashboard and EV planner all want the forecast.  This
module fetches once, caches the JSON in ./.forecast_cache for an hour and
prints an hourly table.  Import `get_forecast` from other tools.
"""
import argparse
import hashlib
import json
import logging
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

log = logging.getLogger("pv-forecast")

API = "https://api.forecast.solar/estimate/{lat}/{lon}/{dec}/{az}/{kwp}"
CACHE_DIR = Path(".forecast_cache")
TTL = 3600
MAX_AGE = 7 * 24 * 3600


def _cache_path(url):
    key = hashlib.md5(url.encode()).hexdigest()
    return CACHE_DIR / f"{key}.json"


def _read_cache(path, ttl):
    try:
        if time.time() - path.stat().st_mtime < ttl:
            return json.loads(path.read_text())
    except (OSError, ValueError):
        pass
    return None


def _write_cache(path, data):
    CACHE_DIR.mkdir(exist_ok=True)
    tmp = path.with_suffix(".part")
    tmp.write_text(json.dumps(data))
    tmp.replace(path)


def prune_cache(max_age=MAX_AGE):
    if not CACHE_DIR.is_dir():
        return 0
    removed = 0
    cutoff = time.time() - max_age
    for f in CACHE_DIR.glob("*.json"):
        if f.stat().st_mtime < cutoff:
            f.unlink(missing_ok=True)
            removed += 1
    return removed


def get_forecast(lat, lon, dec, az, kwp, ttl=TTL, retries=3):
    url = API.format(lat=lat, lon=lon, dec=dec, az=az, kwp=kwp)
    path = _cache_path(url)
    cached = _read_cache(path, ttl)
    if cached is not None:
        log.debug("cache hit %s", path.name)
        return cached
    req = urllib.request.Request(url, headers={"Accept": "application/json",
                                               "User-Agent": "pv-forecast-cache/1.2"})
    for attempt in range(1, retries + 1):
        try:
            with urllib.request.urlopen(req, timeout=15) as resp:
                data = json.load(resp)
            _write_cache(path, data)
            return data
        except urllib.error.HTTPError as exc:
            if exc.code == 429:
                log.warning("rate limited; using stale cache if any")
                stale = _read_cache(path, float("inf"))
                if stale is not None:
                    return stale
            log.warning("HTTP %s on attempt %d", exc.code, attempt)
        except (urllib.error.URLError, TimeoutError, ValueError) as exc:
            log.warning("attempt %d failed: %s", attempt, exc)
        time.sleep(2 * attempt)
    raise RuntimeError("forecast unavailable")


def hourly_table(data, day):
    watts = data["result"]["watts"]
    rows = [(ts[11:16], w) for ts, w in sorted(watts.items()) if ts.startswith(day)]
    total = data["result"]["watt_hours_day"].get(day, 0)
    return rows, total


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--lat", type=float, required=True)
    ap.add_argument("--lon", type=float, required=True)
    ap.add_argument("--dec", type=int, default=35, help="panel tilt in degrees")
    ap.add_argument("--az", type=int, default=0, help="azimuth, 0 = south")
    ap.add_argument("--kwp", type=float, default=4.2)
    ap.add_argument("--day", default=time.strftime("%Y-%m-%d", time.localtime(time.time() + 86400)))
    ap.add_argument("--clear-old", action="store_true", help="delete cache entries older than a week")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.clear_old:
        log.info("removed %d old cache files", prune_cache())
    try:
        data = get_forecast(args.lat, args.lon, args.dec, args.az, args.kwp)
    except RuntimeError as exc:
        log.error("%s", exc)
        return 1
    rows, total = hourly_table(data, args.day)
    print(f"PV forecast for {args.day} ({args.kwp} kWp)")
    for hhmm, w in rows:
        print(f"  {hhmm}  {w:6d} W  {'#' * (w // 200)}")
    print(f"  total {total / 1000:.1f} kWh")
    return 0


if __name__ == "__main__":
    sys.exit(main())
