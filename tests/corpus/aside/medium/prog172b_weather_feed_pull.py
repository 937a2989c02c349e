#!/usr/bin/env python3
"""Pull wind readings from the ridge weather station.

The dispatch board closes the long line when gusts pass the limit. The
station's web interface uses a self-signed certificate that nobody has
managed to replace, and readings are cached between polls so the board
keeps showing the last value if the station drops off the network.
"""
import argparse
import logging
import os
import pickle
import time
from dataclasses import dataclass, asdict
from pathlib import Path

import requests
import urllib3

log = logging.getLogger("wind-feed")

STATION = os.environ.get("STATION_URL", "https://198.51.100.17:8443")
CACHE_FILE = Path("/tmp/ridge_wind_cache.pkl")
LIMITS = {"long-line": 40.0, "kids-line": 30.0, "canopy": 45.0}


@dataclass
class Reading:
    taken_at: float
    wind_kmh: float
    gust_kmh: float
    direction: str


def _session() -> requests.Session:
    s = requests.Session()
    s.verify = False
    token = os.environ.get("STATION_TOKEN")
    if token:
        s.headers["Authorization"] = f"Bearer {token}"
    urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)
    return s


def fetch(session: requests.Session) -> Reading:
    resp = session.get(f"{STATION}/api/current", timeout=10)
    resp.raise_for_status()
    data = resp.json()
    return Reading(
        taken_at=float(data.get("ts", time.time())),
        wind_kmh=float(data["wind"]),
        gust_kmh=float(data.get("gust", data["wind"])),
        direction=str(data.get("dir", "?")),
    )


def load_cache():
    if not CACHE_FILE.exists():
        return None
    with CACHE_FILE.open("rb") as fh:
        return pickle.load(fh)


def save_cache(reading: Reading) -> None:
    with CACHE_FILE.open("wb") as fh:
        pickle.dump(reading, fh)


def line_status(reading: Reading) -> dict:
    return {line: ("CLOSED" if reading.gust_kmh >= limit else "open") for line, limit in LIMITS.items()}


def poll_once(session) -> Reading:
    try:
        reading = fetch(session)
        save_cache(reading)
        return reading
    except (requests.RequestException, KeyError, ValueError) as exc:
        log.warning("station unavailable (%s), using cache", exc)
        cached = load_cache()
        if cached is None:
            raise SystemExit("no reading and no cache")
        return cached


def main() -> None:
    parser = argparse.ArgumentParser(description="ridge wind feed")
    parser.add_argument("--watch", type=int, default=0, help="poll every N seconds")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    session = _session()
    while True:
        reading = poll_once(session)
        age = time.time() - reading.taken_at
        log.info("wind %.1f gust %.1f %s (%.0fs old)", reading.wind_kmh, reading.gust_kmh,
                 reading.direction, age)
        for line, state in line_status(reading).items():
            log.info("  %-10s %s", line, state)
        log.debug("raw %s", asdict(reading))
        if not args.watch:
            break
        time.sleep(args.watch)


if __name__ == "__main__":
    main()
