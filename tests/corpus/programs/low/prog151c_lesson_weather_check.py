#!/usr/bin/env python3
"""Lesson weather check.

Looks at tomorrow's forecast for the outdoor arena and, if it looks bad,
asks the booking service to move outdoor lessons to the indoor school.
Forecasts are cached so re-running the script doesn't hammer the API.
"""

import argparse
import hashlib
import json
import logging
import os
import time
from pathlib import Path

import requests

log = logging.getLogger("weather_check")

WEATHER_API = "https://weather.example.com/v1/forecast"
BOOKING_API = "https://bookings.example.com/api/v2"
CACHE_DIR = Path(".weather_cache")
CACHE_TTL = 1800


def cache_key(params):
    raw = json.dumps(params, sort_keys=True).encode()
    return hashlib.md5(raw).hexdigest()


def forecast(lat, lon, day):
    params = {"lat": lat, "lon": lon, "date": day}
    CACHE_DIR.mkdir(exist_ok=True)
    path = CACHE_DIR / f"{cache_key(params)}.json"
    if path.exists() and time.time() - path.stat().st_mtime < CACHE_TTL:
        return json.loads(path.read_text())
    resp = requests.get(WEATHER_API, params=params, timeout=15)
    resp.raise_for_status()
    data = resp.json()
    path.write_text(json.dumps(data))
    return data


def bad_hours(data, rain_mm, wind_kph):
    hours = []
    for h in data.get("hourly", []):
        if h.get("rain_mm", 0) >= rain_mm or h.get("wind_kph", 0) >= wind_kph:
            hours.append(h["hour"])
    return set(hours)


class BookingClient:
    def __init__(self, key):
        self.session = requests.Session()
        self.session.headers.update({"Authorization": f"Bearer {key}"})

    def outdoor_lessons(self, day):
        resp = self.session.get(f"{BOOKING_API}/lessons", params={"date": day, "arena": "outdoor"},
                                timeout=15)
        resp.raise_for_status()
        return resp.json()

    def move_indoor(self, lesson_id, reason):
        resp = self.session.post(f"{BOOKING_API}/lessons/{lesson_id}/move",
                                 json={"arena": "indoor", "reason": reason}, timeout=15)
        resp.raise_for_status()
        return resp.json()


def main():
    parser = argparse.ArgumentParser(description="Move outdoor lessons indoors in bad weather")
    parser.add_argument("day", help="YYYY-MM-DD")
    parser.add_argument("--lat", type=float, default=51.75)
    parser.add_argument("--lon", type=float, default=-1.26)
    parser.add_argument("--rain", type=float, default=2.0, help="mm per hour")
    parser.add_argument("--wind", type=float, default=45.0, help="km/h gusts")
    parser.add_argument("--apply", action="store_true", help="actually move lessons")
    parser.add_argument("--clear-cache", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.clear_cache and CACHE_DIR.exists():
        for f in CACHE_DIR.glob("*.json"):
            f.unlink()
        log.info("cache cleared")

    key = os.environ.get("BOOKING_API_KEY")
    if not key:
        parser.error("BOOKING_API_KEY must be set")

    try:
        hours = bad_hours(forecast(args.lat, args.lon, args.day), args.rain, args.wind)
    except requests.RequestException as exc:
        log.error("forecast unavailable: %s", exc)
        return 1
    if not hours:
        log.info("forecast fine for %s, nothing to move", args.day)
        return 0

    client = BookingClient(key)
    moved = 0
    for lesson in client.outdoor_lessons(args.day):
        hour = int(lesson["start"][11:13])
        if hour in hours:
            log.info("lesson %s at %02d:00 affected", lesson["id"], hour)
            if args.apply:
                client.move_indoor(lesson["id"], "weather")
                moved += 1
    log.info("%d lessons moved indoors", moved)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
