#!/usr/bin/env python3
"""flight_schedule_cache.py - cached access to the departures schedule API.

The carousel allocation and gate display tools all need today's departures.
The schedule API is rate limited, so this module fetches the schedule once
and keeps it in a local cache directory, keyed by query, for a few minutes.
It can be used as a library or from the command line.
"""

import argparse
import hashlib
import logging
import os
import pickle
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import requests

LOG = logging.getLogger("schedule-cache")

API_BASE = "https://schedule.example.com/api/v1"


@dataclass
class Departure:
    flight: str
    destination: str
    std: str
    gate: str = ""
    carousel: str = ""
    status: str = "SCHEDULED"
    codeshares: list = field(default_factory=list)


class ScheduleCache:
    def __init__(self, cache_dir="./cache", ttl=300, timeout=15):
        self.cache_dir = Path(cache_dir)
        self.ttl = ttl
        self.timeout = timeout
        self.cache_dir.mkdir(parents=True, exist_ok=True)

    def _key(self, params):
        raw = "&".join(f"{k}={params[k]}" for k in sorted(params))
        return hashlib.md5(raw.encode()).hexdigest()

    def _path(self, params):
        return self.cache_dir / f"departures-{self._key(params)}.pkl"

    def _fresh(self, path):
        return path.exists() and (time.time() - path.stat().st_mtime) < self.ttl

    def _fetch(self, params):
        LOG.info("fetching departures %s", params)
        resp = requests.get(f"{API_BASE}/departures", params=params, timeout=self.timeout)
        resp.raise_for_status()
        departures = []
        for item in resp.json().get("departures", []):
            departures.append(Departure(
                flight=item.get("flight", ""),
                destination=item.get("destination", ""),
                std=item.get("std", ""),
                gate=item.get("gate", ""),
                carousel=item.get("carousel", ""),
                status=item.get("status", "SCHEDULED"),
                codeshares=item.get("codeshares", []),
            ))
        return departures

    def get(self, **params):
        path = self._path(params)
        if self._fresh(path):
            LOG.debug("cache hit %s", path.name)
            with path.open("rb") as handle:
                return pickle.load(handle)
        departures = self._fetch(params)
        with path.open("wb") as handle:
            pickle.dump(departures, handle)
        return departures

    def clear(self):
        removed = 0
        for path in self.cache_dir.glob("departures-*.pkl"):
            path.unlink()
            removed += 1
        LOG.info("removed %d cache files", removed)


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description="Cached departures lookup")
    parser.add_argument("--station", default=os.environ.get("STATION", "XRA"))
    parser.add_argument("--date", default=time.strftime("%Y-%m-%d"))
    parser.add_argument("--ttl", type=int, default=300)
    parser.add_argument("--clear", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    return parser.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    cache = ScheduleCache(ttl=args.ttl)
    if args.clear:
        cache.clear()
        return 0
    try:
        departures = cache.get(station=args.station, date=args.date)
    except (requests.RequestException, ValueError) as exc:
        LOG.error("schedule unavailable: %s", exc)
        return 1
    for dep in departures:
        print(f"{dep.std:<6}{dep.flight:<8}{dep.destination:<20}"
              f"{dep.gate or '--':<5}{dep.carousel or '--':<4}{dep.status}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
