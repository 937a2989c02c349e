#!/usr/bin/env python3
"""Haul road planner: flags shifts where rain or wind will slow hauling or stop blasting."""
import argparse
import asyncio
import importlib
import json
import logging
import os
import time
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlencode

log = logging.getLogger("haulwx")


@dataclass
class Site:
    lat: float = float(os.environ.get("PIT_LAT", "52.52"))
    lon: float = float(os.environ.get("PIT_LON", "13.41"))
    cache: Path = Path("weather_cache.json")
    max_age_s: int = 3600


class Forecast:
    host = "https://api.open-meteo.com"
    path = "/v1/forecast"
    fields = ("precipitation", "wind_speed_10m", "temperature_2m")

    def __init__(self, site: Site, timeout: float = 15.0):
        self.site = site
        self.timeout = timeout
        self._req = importlib.import_module("urllib.request")

    def url(self) -> str:
        q = {"latitude": self.site.lat, "longitude": self.site.lon,
             "hourly": ",".join(self.fields), "forecast_days": 2}
        return f"{self.host}{self.path}?{urlencode(q)}"

    def fetch(self) -> dict:
        with getattr(self._req, "urlopen")(self.url(), timeout=self.timeout) as resp:
            return json.load(resp)

    def cached_or_fetch(self) -> dict:
        c = self.site.cache
        if c.exists() and time.time() - c.stat().st_mtime < self.site.max_age_s:
            return json.loads(c.read_text())
        data = self.fetch()
        c.write_text(json.dumps(data))
        os.chmod(c, 0o600)
        return data


RULES = {
    "slow_haul": lambda h: h["precipitation"] >= 2.0,
    "no_blast": lambda h: h["wind_speed_10m"] >= 40.0,
    "frost_watch": lambda h: h["temperature_2m"] <= 0.5,
}


def evaluate(data: dict) -> list:
    hourly = data.get("hourly", {})
    times = hourly.get("time", [])
    out = []
    for i, ts in enumerate(times):
        hour = {k: (hourly.get(k) or [0] * len(times))[i] or 0 for k in Forecast.fields}
        flags = [name for name, rule in RULES.items() if rule(hour)]
        if flags:
            out.append({"time": ts, "flags": flags, **hour})
    return out


async def plan(site: Site) -> list:
    fc = Forecast(site)
    data = await asyncio.to_thread(fc.cached_or_fetch)
    return evaluate(data)


def main() -> int:
    ap = argparse.ArgumentParser(description="weather-based haul planning")
    ap.add_argument("--lat", type=float)
    ap.add_argument("--lon", type=float)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    site = Site()
    if args.lat is not None:
        site.lat = args.lat
    if args.lon is not None:
        site.lon = args.lon
    try:
        rows = asyncio.run(plan(site))
    except OSError as exc:
        log.error("forecast unavailable: %s", exc)
        return 1
    if args.json:
        print(json.dumps(rows, indent=2))
    elif not rows:
        print("No restrictions in the next 48 hours.")
    else:
        for r in rows:
            print(f"{r['time']}  {', '.join(r['flags']):<30} rain={r['precipitation']}mm wind={r['wind_speed_10m']}km/h")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
