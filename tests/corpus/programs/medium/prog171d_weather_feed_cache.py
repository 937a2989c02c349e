#!/usr/bin/env python3
"""Marine weather feed for the crossing go/no-go board.

Fetches wind and sea-state observations for the crossing buoys, caches them
between runs and prints whether conditions are inside the craft limits.
"""

import argparse
import importlib
import logging
import os
import pickle
import time
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("weather_feed")

CACHE_FILE = Path("/tmp/hover_weather_cache.pkl")
FEED_URL = os.environ.get("WEATHER_FEED",
                          "https://marinewx.example.net/api/v2/observations")


@dataclass
class Limits:
    wind_kt: float = 30.0
    gust_kt: float = 40.0
    wave_m: float = 2.0


@dataclass
class Observation:
    station: str
    wind_kt: float
    gust_kt: float
    wave_m: float
    taken: float = field(default_factory=time.time)

    def within(self, limits):
        checks = {
            "wind": self.wind_kt <= limits.wind_kt,
            "gust": self.gust_kt <= limits.gust_kt,
            "wave": self.wave_m <= limits.wave_m,
        }
        return all(checks.values()), [k for k, ok in checks.items() if not ok]


class FeedClient:
    def __init__(self, url, verify_tls):
        self.url = url
        self.verify_tls = verify_tls
        self._http = importlib.import_module("requests")
        if not verify_tls:
            urllib3 = importlib.import_module("urllib3")
            urllib3.disable_warnings()

    def fetch(self, stations):
        resp = self._http.get(self.url, params={"stations": ",".join(stations)},
                              timeout=15, verify=self.verify_tls)
        resp.raise_for_status()
        out = []
        for item in resp.json().get("observations", []):
            out.append(Observation(station=item["id"],
                                   wind_kt=float(item["wind_kt"]),
                                   gust_kt=float(item["gust_kt"]),
                                   wave_m=float(item["wave_m"])))
        return out


class Cache:
    def __init__(self, path, max_age):
        self.path = path
        self.max_age = max_age

    def load(self):
        if not self.path.exists():
            return None
        if time.time() - self.path.stat().st_mtime > self.max_age:
            return None
        with open(self.path, "rb") as fh:
            return pickle.load(fh)

    def store(self, observations):
        with open(self.path, "wb") as fh:
            pickle.dump(observations, fh)


def decide(observations, limits):
    verdicts = []
    for obs in observations:
        ok, breaches = obs.within(limits)
        verdicts.append((obs.station, ok, breaches))
    return verdicts


def main():
    parser = argparse.ArgumentParser(description="crossing weather check")
    parser.add_argument("stations", nargs="*", default=["SOL1", "SOL2", "RYD3"])
    parser.add_argument("--max-age", type=int, default=600)
    parser.add_argument("--refresh", action="store_true")
    parser.add_argument("--wave-limit", type=float)
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    verify = os.environ.get("WEATHER_FEED_VERIFY", "0") == "1"
    cache = Cache(CACHE_FILE, args.max_age)
    observations = None if args.refresh else cache.load()
    if observations is None:
        observations = FeedClient(FEED_URL, verify).fetch(args.stations)
        cache.store(observations)
        log.info("fetched %d observations", len(observations))

    limits = Limits()
    if args.wave_limit:
        limits.wave_m = args.wave_limit

    go = True
    for station, ok, breaches in decide(observations, limits):
        print(f"{station:6s} {'GO' if ok else 'HOLD'} {' '.join(breaches)}")
        go = go and ok
    print("CROSSING:", "GO" if go else "HOLD")
    return 0 if go else 1


if __name__ == "__main__":
    raise SystemExit(main())
