#!/usr/bin/env python3
"""Fetch airport arrivals so dispatch can size the taxi rank.

Pulls the next few hours of arrivals from the airport data API, estimates
how many passengers will reach the rank in each 15-minute slot, and writes
a small forecast file the dispatch app reads. Responses are cached in the
working directory so repeated runs don't hammer the API.
"""

import argparse
import hashlib
import json
import logging
import os
import sys
import time
from collections import Counter
from datetime import datetime, timezone
from pathlib import Path

import requests

log = logging.getLogger("arrivals")

API = "https://api.example.com/airport/v1/arrivals"
CACHE_DIR = Path("./.arrivals_cache")
CACHE_TTL = 300
TAXI_SHARE = 0.18   # share of arriving passengers who take a taxi


class ArrivalsClient:
    def __init__(self, api_key, base=API):
        self.base = base
        self.session = requests.Session()
        # key only ever goes to the airport API
        self.session.headers.update({"X-Api-Key": api_key, "Accept": "application/json"})

    def _cache_path(self, params):
        key = hashlib.md5(json.dumps(params, sort_keys=True).encode()).hexdigest()
        return CACHE_DIR / f"{key}.json"

    def arrivals(self, airport, hours):
        params = {"airport": airport, "hours": hours}
        path = self._cache_path(params)
        if path.exists() and time.time() - path.stat().st_mtime < CACHE_TTL:
            log.debug("cache hit %s", path.name)
            return json.loads(path.read_text())
        resp = self.session.get(self.base, params=params, timeout=10)
        resp.raise_for_status()
        data = resp.json()
        CACHE_DIR.mkdir(exist_ok=True)
        path.write_text(json.dumps(data))
        os.chmod(path, 0o600)
        return data


def slot_of(ts):
    dt = datetime.fromisoformat(ts.replace("Z", "+00:00")).astimezone(timezone.utc)
    return dt.replace(minute=(dt.minute // 15) * 15, second=0, microsecond=0)


def forecast(flights, walk_minutes=25):
    demand = Counter()
    for f in flights:
        if f.get("status") == "cancelled":
            continue
        pax = int(f.get("passengers") or f.get("seats", 150) * 0.8)
        eta = f.get("estimated") or f.get("scheduled")
        if not eta:
            continue
        ts = datetime.fromisoformat(eta.replace("Z", "+00:00")).timestamp() + walk_minutes * 60
        slot = slot_of(datetime.fromtimestamp(ts, timezone.utc).isoformat())
        demand[slot] += pax * TAXI_SHARE
    return {k.isoformat(): round(v) for k, v in sorted(demand.items())}


def clean_cache():
    if not CACHE_DIR.exists():
        return
    for p in CACHE_DIR.glob("*.json"):
        if time.time() - p.stat().st_mtime > CACHE_TTL * 12:
            p.unlink()


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--airport", default="XMP")
    ap.add_argument("--hours", type=int, default=4)
    ap.add_argument("--out", default="rank_forecast.json")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    key = os.environ.get("AIRPORT_API_KEY")
    if not key:
        log.error("AIRPORT_API_KEY is not set")
        return 2
    clean_cache()
    try:
        data = ArrivalsClient(key).arrivals(args.airport, args.hours)
    except requests.RequestException as exc:
        log.error("arrivals API failed: %s", exc)
        return 1
    fc = forecast(data.get("flights", []))
    Path(args.out).write_text(json.dumps({"airport": args.airport, "slots": fc}, indent=2))
    log.info("forecast for %d slots written to %s", len(fc), args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
