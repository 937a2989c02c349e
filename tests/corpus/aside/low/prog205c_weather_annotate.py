#!/usr/bin/env python3
"""Weather annotate.

Adds sunset temperature, wind speed and precipitation to each survey night
in a transect CSV, using the public Open-Meteo archive API. Responses are
cached locally so re-running the script does not hit the API again.
"""
import argparse
import csv
import hashlib
import json
import logging
from pathlib import Path

import requests

log = logging.getLogger("weather")

API = "https://archive-api.open-meteo.com/v1/archive"
CACHE_DIR = Path(".weather_cache")
FIELDS = "temperature_2m,wind_speed_10m,precipitation"


class WeatherClient:
    def __init__(self, session=None, timeout=20):
        self.session = session or requests.Session()
        self.timeout = timeout
        CACHE_DIR.mkdir(exist_ok=True)

    @staticmethod
    def _cache_path(params):
        key = hashlib.md5(json.dumps(params, sort_keys=True).encode()).hexdigest()
        return CACHE_DIR / f"{key}.json"

    def hourly(self, lat, lon, day):
        params = {"latitude": round(lat, 3), "longitude": round(lon, 3),
                  "start_date": day, "end_date": day, "hourly": FIELDS,
                  "timezone": "auto"}
        cached = self._cache_path(params)
        if cached.exists():
            return json.loads(cached.read_text())
        resp = self.session.get(API, params=params, timeout=self.timeout)
        resp.raise_for_status()
        data = resp.json()
        cached.write_text(json.dumps(data))
        return data


def at_hour(data, hour):
    hourly = data.get("hourly", {})
    times = hourly.get("time", [])
    for i, stamp in enumerate(times):
        if stamp.endswith(f"T{hour:02d}:00"):
            return {f: hourly.get(f, [None] * len(times))[i] for f in FIELDS.split(",")}
    return {f: None for f in FIELDS.split(",")}


def annotate(rows, client, hour):
    for row in rows:
        try:
            data = client.hourly(float(row["lat"]), float(row["lon"]), row["date"])
            row.update(at_hour(data, hour))
        except (KeyError, ValueError) as exc:
            log.warning("row skipped (%s): %s", exc, row)
        except requests.RequestException as exc:
            log.warning("weather lookup failed for %s: %s", row.get("date"), exc)
        yield row


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("input", help="CSV with date, lat, lon columns")
    ap.add_argument("-o", "--output", default="transects_weather.csv")
    ap.add_argument("--hour", type=int, default=21, help="local hour to sample")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    with open(args.input, newline="", encoding="utf-8") as fh:
        reader = csv.DictReader(fh)
        rows = list(reader)
        fieldnames = list(reader.fieldnames or []) + FIELDS.split(",")
    client = WeatherClient()
    with open(args.output, "w", newline="", encoding="utf-8") as out:
        writer = csv.DictWriter(out, fieldnames=fieldnames, extrasaction="ignore")
        writer.writeheader()
        for row in annotate(rows, client, args.hour):
            writer.writerow(row)
    log.info("annotated %d night(s) -> %s", len(rows), args.output)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
