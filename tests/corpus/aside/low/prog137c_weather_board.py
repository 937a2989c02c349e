#!/usr/bin/env python3
"""Weather panel for the hostel lobby board.

Guests always ask whether tomorrow's kayak tour or hike is going ahead.
This fetches the forecast from the weather API, caches responses in the
working directory (the free plan is rate limited), and writes a small HTML
fragment the lobby screen includes.
"""

import argparse
import hashlib
import html
import json
import logging
import os
import time
from pathlib import Path

import requests

log = logging.getLogger("weather-board")

API_BASE = "https://api.weather.example.com/v2/forecast"
CACHE_DIR = Path(".weather_cache")
CACHE_TTL = 30 * 60


class ForecastClient:
    def __init__(self, api_key, timeout=10):
        self.session = requests.Session()
        # key only ever goes to the weather API itself
        self.session.headers.update({"X-Api-Key": api_key,
                                     "User-Agent": "hostel-lobby-board/2.0"})
        self.timeout = timeout
        CACHE_DIR.mkdir(exist_ok=True)

    @staticmethod
    def _cache_path(params):
        key = hashlib.md5(json.dumps(params, sort_keys=True).encode()).hexdigest()
        return CACHE_DIR / f"{key}.json"

    def forecast(self, lat, lon, days=2):
        params = {"lat": lat, "lon": lon, "days": days, "units": "metric"}
        cached = self._cache_path(params)
        if cached.exists() and time.time() - cached.stat().st_mtime < CACHE_TTL:
            log.debug("cache hit %s", cached.name)
            return json.loads(cached.read_text())
        resp = self.session.get(API_BASE, params=params, timeout=self.timeout)
        resp.raise_for_status()
        data = resp.json()
        cached.write_text(json.dumps(data))
        os.chmod(cached, 0o600)
        return data


def clear_cache():
    removed = 0
    for f in CACHE_DIR.glob("*.json"):
        f.unlink()
        removed += 1
    log.info("removed %d cached forecasts", removed)


def render(data, place):
    rows = []
    for day in data.get("days", []):
        rows.append(
            "<tr><td>{}</td><td>{}</td><td>{:.0f}&deg;C</td><td>{}%</td></tr>".format(
                html.escape(day.get("date", "?")),
                html.escape(day.get("summary", "")),
                float(day.get("max_c", 0)),
                int(day.get("rain_pct", 0)),
            ))
    return ("<div class='weather'><h2>Weather in {}</h2><table>{}</table>"
            "<small>updated {}</small></div>").format(
        html.escape(place), "".join(rows), time.strftime("%H:%M"))


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--lat", type=float, default=38.72)
    ap.add_argument("--lon", type=float, default=-9.14)
    ap.add_argument("--place", default="Lisbon")
    ap.add_argument("--out", default="weather_panel.html")
    ap.add_argument("--clear-cache", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.clear_cache:
        clear_cache()
        return 0
    api_key = os.environ.get("WEATHER_API_KEY")
    if not api_key:
        log.error("set WEATHER_API_KEY")
        return 1
    try:
        data = ForecastClient(api_key).forecast(args.lat, args.lon)
    except requests.RequestException as exc:
        log.error("forecast unavailable: %s", exc)
        return 2
    Path(args.out).write_text(render(data, args.place))
    log.info("wrote %s", args.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
