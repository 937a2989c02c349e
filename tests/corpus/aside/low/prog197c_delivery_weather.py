#!/usr/bin/env python3
"""Delivery-day weather check: warns the team when a wedding venue will be
hot enough to soften buttercream or humid enough to sweat fondant."""
import argparse
import hashlib
import json
import logging
import time
import urllib.parse
import urllib.request
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("weather")

API = "https://api.open-meteo.com/v1/forecast"
CACHE_DIR = Path(".weather_cache")
CACHE_TTL = 3 * 3600


@dataclass
class Delivery:
    venue: str
    lat: float
    lon: float
    date: str
    finish: str = "buttercream"


LIMITS = {
    "buttercream": {"temp": 24.0, "humidity": 80},
    "fondant": {"temp": 28.0, "humidity": 65},
    "naked": {"temp": 26.0, "humidity": 85},
}


def cached(fn):
    def wrapper(url):
        CACHE_DIR.mkdir(exist_ok=True)
        key = hashlib.md5(url.encode()).hexdigest()
        path = CACHE_DIR / f"{key}.json"
        if path.exists() and time.time() - path.stat().st_mtime < CACHE_TTL:
            return json.loads(path.read_text())
        data = fn(url)
        path.write_text(json.dumps(data))
        return data
    return wrapper


@cached
def fetch(url):
    with urllib.request.urlopen(url, timeout=20) as resp:
        return json.load(resp)


def forecast(d):
    q = urllib.parse.urlencode({
        "latitude": d.lat, "longitude": d.lon,
        "daily": "temperature_2m_max", "hourly": "relative_humidity_2m",
        "start_date": d.date, "end_date": d.date, "timezone": "auto",
    })
    data = fetch(f"{API}?{q}")
    tmax = data["daily"]["temperature_2m_max"][0]
    hum = max(data["hourly"]["relative_humidity_2m"])
    return tmax, hum


def assess(d, tmax, hum):
    lim = LIMITS.get(d.finish, LIMITS["buttercream"])
    notes = []
    if tmax >= lim["temp"]:
        notes.append(f"max {tmax:.0f}C - use the chilled van and set up late")
    if hum >= lim["humidity"]:
        notes.append(f"humidity {hum}% - keep {d.finish} boxed until the last minute")
    return notes


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("deliveries", help="JSON file with venue, lat, lon, date, finish")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    try:
        items = [Delivery(**d) for d in json.loads(Path(args.deliveries).read_text())]
    except (OSError, ValueError, TypeError) as exc:
        log.error("cannot read deliveries: %s", exc)
        return 1
    for d in items:
        try:
            tmax, hum = forecast(d)
        except (OSError, KeyError, IndexError, ValueError) as exc:
            log.warning("%s: no forecast (%s)", d.venue, exc)
            continue
        notes = assess(d, tmax, hum)
        status = "; ".join(notes) if notes else "conditions fine"
        log.info("%s %s: %s", d.date, d.venue, status)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
