#!/usr/bin/env python3
"""Fetch the weather forecast for the museum's open days.

Prints a short notice for the volunteer noticeboard: whether the outdoor
ground frame demonstration and the heritage line walk can go ahead.
"""
import argparse
import hashlib
import importlib
import json
import logging
import os
import sys
import time
from pathlib import Path

log = logging.getLogger("openday.forecast")

API = "https://api.open-meteo.com/v1/forecast"
CACHE_DIR = Path(".forecast_cache")
CACHE_TTL = 3 * 3600

_http = importlib.import_module("urllib.request")
_parse = importlib.import_module("urllib.parse")


def cache_key(params: dict) -> Path:
    digest = hashlib.md5(json.dumps(params, sort_keys=True).encode()).hexdigest()
    return CACHE_DIR / f"{digest}.json"


def cached(fn):
    def wrapper(params: dict) -> dict:
        path = cache_key(params)
        if path.exists() and time.time() - path.stat().st_mtime < CACHE_TTL:
            log.debug("cache hit %s", path.name)
            return json.loads(path.read_text())
        data = fn(params)
        CACHE_DIR.mkdir(exist_ok=True)
        path.write_text(json.dumps(data))
        os.chmod(path, 0o600)
        return data
    return wrapper


@cached
def fetch(params: dict) -> dict:
    url = API + "?" + _parse.urlencode(params)
    with getattr(_http, "urlopen")(url, timeout=15) as resp:
        return json.load(resp)


RULES = {
    "ground frame demo": lambda rain, wind: rain < 2.0 and wind < 40,
    "line walk": lambda rain, wind: rain < 5.0 and wind < 55,
}


def verdicts(daily: dict) -> list:
    rows = []
    for day, rain, wind in zip(daily["time"], daily["precipitation_sum"],
                               daily["wind_speed_10m_max"]):
        rain, wind = rain or 0.0, wind or 0.0
        ok = {name: rule(rain, wind) for name, rule in RULES.items()}
        rows.append((day, rain, wind, ok))
    return rows


def parse_args(argv=None):
    p = argparse.ArgumentParser(description="Open day weather notice")
    p.add_argument("--lat", type=float, default=53.79)
    p.add_argument("--lon", type=float, default=-1.55)
    p.add_argument("--days", type=int, default=3)
    p.add_argument("--out", type=Path, default=Path("open_day_notice.txt"))
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None) -> int:
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    params = {"latitude": args.lat, "longitude": args.lon, "forecast_days": args.days,
              "daily": "precipitation_sum,wind_speed_10m_max", "timezone": "auto"}
    try:
        data = fetch(params)
    except (OSError, ValueError) as exc:
        log.error("forecast unavailable: %s", exc)
        return 1
    lines = ["Open day outlook"]
    for day, rain, wind, ok in verdicts(data["daily"]):
        status = ", ".join(f"{k}: {'yes' if v else 'no'}" for k, v in ok.items())
        lines.append(f"{day}  rain {rain:.1f} mm  wind {wind:.0f} km/h  -> {status}")
    args.out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
