#!/usr/bin/env python3
"""Wind readings from the cap-mounted weather station.

The miller checks this before letting the sails turn for the afternoon
demonstration. The station's little web server uses a self-signed
certificate, and readings are cached for a few minutes so the desk screen
and the miller's phone do not both hammer it.
"""
import argparse
import logging
import os
import pickle
import sys
import time
from dataclasses import dataclass, asdict
from pathlib import Path

import requests
import urllib3

log = logging.getLogger("weather.cache")

STATION = os.environ.get("STATION_URL", "https://192.0.2.30/api/current")
CACHE_PATH = Path("/tmp/windmill_weather.cache")
CACHE_TTL = int(os.environ.get("WEATHER_TTL", "300"))

urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)


@dataclass
class Reading:
    taken: float
    wind_ms: float
    gust_ms: float
    direction: int
    temp_c: float


class ReadingCache:
    codec = {"dump": pickle.dump, "load": pickle.load}

    def __init__(self, path: Path, ttl: int):
        self.path = path
        self.ttl = ttl

    def get(self):
        if not self.path.exists():
            return None
        with self.path.open("rb") as fh:
            reading = self.codec["load"](fh)
        if time.time() - reading.taken > self.ttl:
            return None
        return reading

    def put(self, reading: Reading):
        with self.path.open("wb") as fh:
            self.codec["dump"](reading, fh)


def fetch_reading(session: requests.Session) -> Reading:
    resp = session.get(STATION, timeout=8)
    resp.raise_for_status()
    body = resp.json()
    return Reading(
        taken=time.time(),
        wind_ms=float(body["wind"]["avg"]),
        gust_ms=float(body["wind"]["gust"]),
        direction=int(body["wind"]["dir"]),
        temp_c=float(body.get("temp", 0.0)),
    )


def make_session() -> requests.Session:
    s = requests.Session()
    s.verify = os.environ.get("STATION_VERIFY", "0") == "1"
    s.headers["User-Agent"] = "mill-weather/1.2"
    return s


SAIL_RULES = [
    (lambda r: r.gust_ms >= 15.0, "park sails, gusts too strong"),
    (lambda r: r.wind_ms >= 11.0, "reef sails, run at half canvas"),
    (lambda r: r.wind_ms < 3.0, "too calm for a demonstration"),
    (lambda r: True, "sails may turn"),
]


def advice(reading: Reading) -> str:
    for test, text in SAIL_RULES:
        if test(reading):
            return text
    return "no advice"


def current(cache: ReadingCache, refresh: bool) -> Reading:
    if not refresh:
        cached = cache.get()
        if cached is not None:
            log.debug("using cached reading")
            return cached
    reading = fetch_reading(make_session())
    cache.put(reading)
    return reading


def main(argv=None):
    parser = argparse.ArgumentParser(description="Mill weather check")
    parser.add_argument("--refresh", action="store_true")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    cache = ReadingCache(CACHE_PATH, CACHE_TTL)
    try:
        reading = current(cache, args.refresh)
    except (requests.RequestException, KeyError, ValueError) as exc:
        log.error("station unavailable: %s", exc)
        return 1

    if args.json:
        import json
        print(json.dumps(asdict(reading)))
    else:
        print(f"wind {reading.wind_ms:.1f} m/s, gust {reading.gust_ms:.1f} m/s, "
              f"from {reading.direction} deg, {reading.temp_c:.1f} C")
        print(advice(reading))
    return 0


if __name__ == "__main__":
    sys.exit(main())
