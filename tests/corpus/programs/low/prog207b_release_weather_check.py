#!/usr/bin/env python3
"""Check whether the coming nights suit a soft release.

Hedgehogs are released when night temperatures stay above about 8 C and
there is little rain. Forecasts come from the Open-Meteo API and are
cached in ./.forecast-cache for an hour.
"""
import argparse
import hashlib
import importlib
import json
import logging
import pathlib
import time

log = logging.getLogger("release-weather")

API = "https://api.open-meteo.com/v1/forecast"
CACHE_DIR = pathlib.Path(".forecast-cache")
TTL = 3600


def _mod(name):
    return importlib.import_module(name)


class ForecastClient:
    def __init__(self, timeout=15):
        self.timeout = timeout
        self.parse = _mod("urllib.parse")
        self.request = _mod("urllib.request")

    def url(self, lat, lon, days):
        q = {"latitude": lat, "longitude": lon, "forecast_days": days, "timezone": "auto",
             "daily": "temperature_2m_min,precipitation_sum"}
        return f"{API}?{self.parse.urlencode(q)}"

    def get(self, url):
        key = hashlib.md5(url.encode()).hexdigest()
        path = CACHE_DIR / f"{key}.json"
        if path.exists() and time.time() - path.stat().st_mtime < TTL:
            return json.loads(path.read_text())
        with self.request.urlopen(url, timeout=self.timeout) as resp:
            data = json.load(resp)
        CACHE_DIR.mkdir(exist_ok=True)
        path.write_text(json.dumps(data))
        return data


def prune_cache():
    removed = 0
    for p in CACHE_DIR.glob("*.json"):
        if time.time() - p.stat().st_mtime > TTL:
            p.unlink()
            removed += 1
    return removed


def judge(daily, min_temp, max_rain):
    verdicts = []
    for day, tmin, rain in zip(daily["time"], daily["temperature_2m_min"], daily["precipitation_sum"]):
        ok = tmin is not None and tmin >= min_temp and (rain or 0) <= max_rain
        verdicts.append((day, tmin, rain, ok))
    return verdicts


def main(argv=None):
    ap = argparse.ArgumentParser(description="release weather check")
    ap.add_argument("--lat", type=float, default=52.52)
    ap.add_argument("--lon", type=float, default=13.41)
    ap.add_argument("--days", type=int, default=5)
    ap.add_argument("--min-temp", type=float, default=8.0)
    ap.add_argument("--max-rain", type=float, default=2.0)
    ap.add_argument("--prune", action="store_true", help="remove stale cache files first")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if args.prune and CACHE_DIR.exists():
        log.info("pruned %d cache files", prune_cache())

    client = ForecastClient()
    try:
        data = client.get(client.url(args.lat, args.lon, args.days))
    except OSError as exc:
        log.error("forecast unavailable: %s", exc)
        return 1

    verdicts = judge(data["daily"], args.min_temp, args.max_rain)
    good_run = 0
    for day, tmin, rain, ok in verdicts:
        print(f"{day}  min {tmin:>5}C  rain {rain:>4}mm  {'ok' if ok else '--'}")
        good_run = good_run + 1 if ok else 0
    if good_run >= 3 or all(v[3] for v in verdicts[:3]):
        print("Release window looks good.")
        return 0
    print("Hold off on releases for now.")
    return 3


if __name__ == "__main__":
    raise SystemExit(main())
