#!/usr/bin/env python3
"""Irrigation zone run-time cache.

Pulls zone run-times and flow readings from the irrigation central's web API
and keeps them in a local cache so the greenkeeper's laptop can show the
last known state when it's out on the course without Wi-Fi.
"""
import argparse
import logging
import os
import pickle
import sys
import time

import requests
import urllib3

log = logging.getLogger("zone_cache")

CENTRAL = os.environ.get("IRR_CENTRAL", "https://203.0.113.20:8443")
CACHE_FILE = "zone_cache.pkl"
MAX_AGE = 6 * 3600

# the central ships with a self-signed cert the vendor never replaced
urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)


class ZoneCache:
    def __init__(self, path):
        self.path = path
        self.data = {"fetched": 0, "zones": {}}

    def load(self):
        if not os.path.exists(self.path):
            return False
        try:
            with open(self.path, "rb") as fh:
                self.data = pickle.load(fh)
            return True
        except (OSError, pickle.UnpicklingError, EOFError) as exc:
            log.warning("cache unreadable, ignoring: %s", exc)
            return False

    def save(self):
        tmp = self.path + ".tmp"
        with open(tmp, "wb") as fh:
            pickle.dump(self.data, fh)
        os.replace(tmp, self.path)

    def stale(self):
        return time.time() - self.data.get("fetched", 0) > MAX_AGE


def fetch_zones(session, base):
    r = session.get(f"{base}/api/zones", timeout=20, verify=False)
    r.raise_for_status()
    zones = {}
    for z in r.json().get("zones", []):
        zones[z["id"]] = {
            "name": z.get("name", z["id"]),
            "runtime_min": z.get("runtime_min", 0),
            "flow_lpm": z.get("flow_lpm"),
            "last_run": z.get("last_run"),
        }
    return zones


def show(cache):
    age = time.time() - cache.data.get("fetched", 0)
    print(f"cache age: {age / 60:.0f} min")
    for zid, z in sorted(cache.data["zones"].items()):
        flow = "-" if z["flow_lpm"] is None else f"{z['flow_lpm']:.1f}"
        print(f"{zid:<6}{z['name']:<22}{z['runtime_min']:>5} min  {flow:>7} l/min  {z['last_run'] or ''}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--refresh", action="store_true", help="force a fetch")
    ap.add_argument("--offline", action="store_true", help="never fetch")
    ap.add_argument("--cache", default=CACHE_FILE)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    cache = ZoneCache(args.cache)
    have = cache.load()
    if not args.offline and (args.refresh or not have or cache.stale()):
        s = requests.Session()
        token = os.environ.get("IRR_TOKEN")
        if token:
            s.headers["X-Api-Token"] = token
        try:
            cache.data = {"fetched": time.time(), "zones": fetch_zones(s, CENTRAL)}
            cache.save()
            log.info("refreshed %d zones", len(cache.data["zones"]))
        except (requests.RequestException, ValueError, KeyError) as exc:
            log.warning("refresh failed, using cached data: %s", exc)
    if not cache.data["zones"]:
        log.error("no zone data available")
        return 1
    show(cache)
    return 0


if __name__ == "__main__":
    sys.exit(main())
