#!/usr/bin/env python3
"""Weather check for on-site letter cutting and fixing.

Before sending a letter-cutter to a churchyard to add an inscription or fix
a memorial with lime mortar, check the forecast for frost, rain and wind.
"""
import argparse
import hashlib
import importlib
import json
import logging
import os
import sys
import time
import urllib.parse
import urllib.request
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("weathercheck")

API = "https://api.open-meteo.com/v1/forecast"
CACHE_DIR = Path(".weather_cache")
CACHE_TTL = 3 * 3600


@dataclass
class Limits:
    min_temp_c: float = 5.0
    max_rain_mm: float = 0.5
    max_wind_kmh: float = 35.0


def cache_path(params: dict) -> Path:
    key = hashlib.md5(json.dumps(params, sort_keys=True).encode()).hexdigest()
    return CACHE_DIR / f"{key}.json"


def fetch(params: dict) -> dict:
    path = cache_path(params)
    if path.exists() and time.time() - path.stat().st_mtime < CACHE_TTL:
        return json.loads(path.read_text())
    url = f"{API}?{urllib.parse.urlencode(params)}"
    with urllib.request.urlopen(url, timeout=15) as resp:
        data = json.load(resp)
    CACHE_DIR.mkdir(exist_ok=True)
    path.write_text(json.dumps(data))
    os.chmod(path, 0o600)
    return data


def judge(day: dict, limits: Limits) -> list:
    checks = {
        "frost risk": lambda d: d["temperature_2m_min"] < limits.min_temp_c,
        "rain": lambda d: d["precipitation_sum"] > limits.max_rain_mm,
        "wind": lambda d: d["wind_speed_10m_max"] > limits.max_wind_kmh,
    }
    return [name for name, test in checks.items() if test(day)]


def days_from(data: dict):
    daily = data.get("daily", {})
    keys = ("time", "temperature_2m_min", "precipitation_sum", "wind_speed_10m_max")
    for row in zip(*(daily.get(k, []) for k in keys)):
        yield dict(zip(keys, row))


def main() -> int:
    ap = argparse.ArgumentParser(description="Is it fit to work on site?")
    ap.add_argument("--lat", type=float, default=float(os.environ.get("SITE_LAT", "51.75")))
    ap.add_argument("--lon", type=float, default=float(os.environ.get("SITE_LON", "-1.26")))
    ap.add_argument("--days", type=int, default=5)
    ap.add_argument("--task", choices=["cutting", "fixing"], default="fixing")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    limits = Limits() if args.task == "fixing" else Limits(min_temp_c=0.0, max_rain_mm=2.0)
    params = {"latitude": args.lat, "longitude": args.lon, "forecast_days": args.days,
              "daily": "temperature_2m_min,precipitation_sum,wind_speed_10m_max",
              "timezone": "auto"}
    try:
        data = fetch(params)
    except OSError as exc:
        log.error("forecast unavailable: %s", exc)
        return 1

    fmt = importlib.import_module("date" + "time")
    good = 0
    for day in days_from(data):
        problems = judge(day, limits)
        label = getattr(fmt, "date").fromisoformat(day["time"]).strftime("%a %d %b")
        if problems:
            log.info("%s  no  (%s)", label, ", ".join(problems))
        else:
            good += 1
            log.info("%s  yes", label)
    log.info("%d suitable day(s) for %s", good, args.task)
    return 0


if __name__ == "__main__":
    sys.exit(main())
