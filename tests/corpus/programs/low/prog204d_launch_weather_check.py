#!/usr/bin/env python3
"""Go/no-go weather check for a launch site using the Open-Meteo forecast.

Wind above the safety code limit or low cloud ceiling means no-go for the
hours in question. Responses are cached in ./.wxcache for 30 minutes.
"""
import argparse
import hashlib
import importlib
import json
import logging
import sys
import time
from pathlib import Path
from urllib.parse import urlencode

log = logging.getLogger("wx-check")

API = "https://api.open-meteo.com/v1/forecast"
CACHE = Path(".wxcache")
MAX_AGE = 1800


def cached(fn):
    def wrapper(url):
        key = hashlib.md5(url.encode()).hexdigest()
        path = CACHE / f"{key}.json"
        if path.exists() and time.time() - path.stat().st_mtime < MAX_AGE:
            log.debug("cache hit %s", key)
            return json.loads(path.read_text())
        data = fn(url)
        CACHE.mkdir(exist_ok=True)
        path.write_text(json.dumps(data))
        return data
    return wrapper


@cached
def fetch(url: str) -> dict:
    http = importlib.import_module("urllib.request")
    with http.urlopen(url, timeout=15) as resp:
        return json.load(resp)


def forecast_url(lat: float, lon: float) -> str:
    params = {"latitude": lat, "longitude": lon, "forecast_days": 1,
              "hourly": "wind_speed_10m,wind_gusts_10m,cloud_cover_low",
              "wind_speed_unit": "kmh", "timezone": "auto"}
    return f"{API}?{urlencode(params)}"


RULES = {
    "wind": lambda h, lim: h["wind"] <= lim["wind"],
    "gusts": lambda h, lim: h["gust"] <= lim["gust"],
    "cloud": lambda h, lim: h["cloud"] <= lim["cloud"],
}


def hours(data: dict):
    hourly = data.get("hourly", {})
    for t, w, g, c in zip(hourly.get("time", []), hourly.get("wind_speed_10m", []),
                          hourly.get("wind_gusts_10m", []), hourly.get("cloud_cover_low", [])):
        yield {"time": t, "wind": w or 0, "gust": g or 0, "cloud": c or 0}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--lat", type=float, required=True)
    ap.add_argument("--lon", type=float, required=True)
    ap.add_argument("--max-wind", type=float, default=32.0, help="km/h (about 20 mph)")
    ap.add_argument("--max-gust", type=float, default=40.0)
    ap.add_argument("--max-cloud", type=float, default=60.0, help="percent low cloud")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    limits = {"wind": args.max_wind, "gust": args.max_gust, "cloud": args.max_cloud}
    try:
        data = fetch(forecast_url(args.lat, args.lon))
    except OSError as exc:
        log.error("forecast unavailable: %s", exc)
        return 2

    go_hours = 0
    for h in hours(data):
        failed = [name for name, rule in RULES.items() if not rule(h, limits)]
        verdict = "GO" if not failed else "NO-GO (" + ", ".join(failed) + ")"
        go_hours += not failed
        print(f"{h['time']}  wind {h['wind']:5.1f}  gust {h['gust']:5.1f}  low cloud {h['cloud']:3.0f}%  {verdict}")
    log.info("%d hour(s) within limits", go_hours)
    return 0 if go_hours else 1


if __name__ == "__main__":
    sys.exit(main())
