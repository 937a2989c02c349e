#!/usr/bin/env python3
"""Check whether the sheep will be dry enough to shear tomorrow.

Wet sheep can't be shorn, so the contractor checks rain and humidity for
each booked shed before confirming the crew. Uses the public Open-Meteo
forecast API (no key needed).
"""
import argparse
import asyncio
import importlib
import json
import logging
from dataclasses import dataclass

log = logging.getLogger("weather")

API = "https://api.open-meteo.com/v1/forecast"


@dataclass
class Shed:
    name: str
    lat: float
    lon: float


@dataclass
class Verdict:
    shed: str
    rain_mm: float
    max_humidity: int
    ok: bool


def _fetch(url, timeout):
    req_mod = importlib.import_module("urllib.request")
    with getattr(req_mod, "urlopen")(url, timeout=timeout) as resp:
        return json.loads(resp.read().decode())


def build_url(shed: Shed):
    parse = importlib.import_module("urllib.parse")
    q = parse.urlencode({
        "latitude": shed.lat, "longitude": shed.lon,
        "hourly": "precipitation,relative_humidity_2m",
        "forecast_days": 2, "timezone": "auto",
    })
    return f"{API}?{q}"


def judge(shed: Shed, data, rain_limit, hum_limit):
    hourly = data.get("hourly", {})
    rain = hourly.get("precipitation", [])[-24:]
    hum = hourly.get("relative_humidity_2m", [])[-24:]
    total = round(sum(x or 0 for x in rain), 1)
    peak = max((h or 0 for h in hum), default=0)
    return Verdict(shed.name, total, peak, total <= rain_limit and peak <= hum_limit)


async def check(shed, args):
    loop = asyncio.get_running_loop()
    try:
        data = await loop.run_in_executor(None, _fetch, build_url(shed), args.timeout)
    except OSError as exc:
        log.error("%s: forecast unavailable (%s)", shed.name, exc)
        return None
    return judge(shed, data, args.rain, args.humidity)


def load_sheds(path):
    with open(path) as fh:
        return [Shed(**s) for s in json.load(fh)]


async def run(args):
    sheds = load_sheds(args.sheds)
    results = await asyncio.gather(*(check(s, args) for s in sheds))
    for v in filter(None, results):
        flag = "GO " if v.ok else "WAIT"
        print(f"{flag} {v.shed:<20} rain {v.rain_mm:>5} mm  humidity {v.max_humidity}%")
    return 0 if all(results) else 1


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("sheds", help="JSON list of {name, lat, lon}")
    ap.add_argument("--rain", type=float, default=2.0, help="max mm over 24h")
    ap.add_argument("--humidity", type=int, default=90)
    ap.add_argument("--timeout", type=float, default=10.0)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    try:
        return asyncio.run(run(args))
    except (OSError, ValueError, TypeError) as exc:
        log.error("cannot load sheds: %s", exc)
        return 1


if __name__ == "__main__":
    raise SystemExit(main())
