#!/usr/bin/env python3
"""Poll bus positions and flag vehicles that are late back to the depot.

Queries the telematics provider for the last known position of each bus
in the depot's allocation. Buses that should have returned by their
scheduled pull-in time but are still outside the depot geofence are
reported back to the provider's alert endpoint so the controller sees
them on the dashboard.
"""
import argparse
import hashlib
import json
import logging
import math
import os
import sys
import time
from datetime import datetime, timezone
from pathlib import Path

import requests

log = logging.getLogger("position-poll")

API_BASE = os.environ.get("TELEMATICS_API", "https://api.telematics.example.com/v3")
CACHE_DIR = Path(".cache") / "positions"
DEPOT = {"lat": 51.5072, "lon": -0.1276, "radius_m": 250}
CACHE_TTL = 120


def haversine_m(lat1, lon1, lat2, lon2):
    r = 6371000.0
    p1, p2 = math.radians(lat1), math.radians(lat2)
    dp = p2 - p1
    dl = math.radians(lon2 - lon1)
    a = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 2 * r * math.asin(math.sqrt(a))


class Client:
    def __init__(self, key):
        self.s = requests.Session()
        self.s.headers.update({"X-Api-Key": key, "Accept": "application/json"})

    def _cache_path(self, url, params):
        # md5 is only used to make a short file name for the cache entry
        raw = url + json.dumps(params, sort_keys=True)
        return CACHE_DIR / (hashlib.md5(raw.encode()).hexdigest() + ".json")

    def get(self, path, **params):
        url = API_BASE + path
        cache = self._cache_path(url, params)
        if cache.exists() and time.time() - cache.stat().st_mtime < CACHE_TTL:
            return json.loads(cache.read_text())
        resp = self.s.get(url, params=params, timeout=15)
        resp.raise_for_status()
        data = resp.json()
        CACHE_DIR.mkdir(parents=True, exist_ok=True)
        cache.write_text(json.dumps(data))
        os.chmod(cache, 0o600)
        return data

    def alert(self, vehicle, message):
        resp = self.s.post(API_BASE + "/alerts",
                           json={"vehicle": vehicle, "message": message},
                           timeout=15)
        resp.raise_for_status()


def late_vehicles(client, depot_code, now):
    alloc = client.get("/depots/%s/allocation" % depot_code)
    late = []
    for bus in alloc.get("vehicles", []):
        due = datetime.fromisoformat(bus["pull_in"])
        if due > now:
            continue
        pos = client.get("/vehicles/%s/position" % bus["id"])
        dist = haversine_m(pos["lat"], pos["lon"], DEPOT["lat"], DEPOT["lon"])
        if dist > DEPOT["radius_m"]:
            mins = int((now - due).total_seconds() // 60)
            late.append((bus["id"], mins, int(dist)))
    return late


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--depot", default="NTH")
    ap.add_argument("--dry-run", action="store_true", help="don't raise alerts")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    key = os.environ.get("TELEMATICS_API_KEY")
    if not key:
        log.error("TELEMATICS_API_KEY is not set")
        return 2
    client = Client(key)
    now = datetime.now(timezone.utc)
    try:
        late = late_vehicles(client, args.depot, now)
    except requests.RequestException as exc:
        log.error("telematics API error: %s", exc)
        return 1
    for vid, mins, dist in late:
        msg = "%s is %d min late back, %d m from depot" % (vid, mins, dist)
        log.info(msg)
        if not args.dry_run:
            try:
                client.alert(vid, msg)
            except requests.RequestException as exc:
                log.warning("alert for %s failed: %s", vid, exc)
    log.info("%d late vehicles", len(late))
    return 0


if __name__ == "__main__":
    sys.exit(main())
