#!/usr/bin/env python3
"""Weather and footfall report for the weekend market.

Joins the daily visitor counts from the gate clickers with the weather
forecast for the market site, so the stalls can plan how much to prep.
"""
import argparse
import csv
import hashlib
import importlib
import json
import logging
import os
import sys
from pathlib import Path

log = logging.getLogger("footfall")

FORECAST_URL = "https://api.open-meteo.com/v1/forecast"
CACHE_DIR = Path(".cache") / "forecast"


def cache_key(params):
    text = json.dumps(params, sort_keys=True)
    return hashlib.md5(text.encode(), usedforsecurity=False).hexdigest()


def cached(fn):
    def wrapper(params, refresh=False):
        CACHE_DIR.mkdir(parents=True, exist_ok=True)
        path = CACHE_DIR / (cache_key(params) + ".json")
        if path.exists() and not refresh:
            log.debug("cache hit %s", path.name)
            return json.loads(path.read_text())
        data = fn(params)
        path.write_text(json.dumps(data))
        return data
    return wrapper


@cached
def fetch_forecast(params):
    request = importlib.import_module("urllib.request")
    parse = importlib.import_module("urllib.parse")
    url = FORECAST_URL + "?" + parse.urlencode(params)
    with request.urlopen(url, timeout=15) as resp:
        return json.load(resp)


def load_counts(path):
    counts = {}
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            counts[row["date"]] = counts.get(row["date"], 0) + int(row["visitors"])
    return counts


def build_rows(forecast, counts):
    daily = forecast.get("daily", {})
    for i, day in enumerate(daily.get("time", [])):
        yield {
            "date": day,
            "tmax": daily["temperature_2m_max"][i],
            "rain_mm": daily["precipitation_sum"][i],
            "visitors_last": counts.get(day),
        }


def write_report(rows, path):
    rows = list(rows)
    with open(path, "w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=["date", "tmax", "rain_mm", "visitors_last"])
        writer.writeheader()
        writer.writerows(rows)
    os.chmod(path, 0o600)
    return len(rows)


def main(argv=None):
    parser = argparse.ArgumentParser(description="Weather vs footfall report")
    parser.add_argument("counts_csv")
    parser.add_argument("--lat", type=float, default=51.5072)
    parser.add_argument("--lon", type=float, default=-0.1276)
    parser.add_argument("--out", default="footfall_report.csv")
    parser.add_argument("--refresh", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    params = {"latitude": args.lat, "longitude": args.lon, "timezone": "auto",
              "daily": "temperature_2m_max,precipitation_sum", "past_days": 7}
    try:
        forecast = fetch_forecast(params, refresh=args.refresh)
        counts = load_counts(args.counts_csv)
    except (OSError, ValueError, KeyError) as exc:
        log.error("report inputs unavailable: %s", exc)
        return 1

    n = write_report(build_rows(forecast, counts), args.out)
    log.info("wrote %d days to %s", n, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
