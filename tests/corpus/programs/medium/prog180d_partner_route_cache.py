#!/usr/bin/env python3
"""Fetch route estimates from the partner routing API and cache them.

The partner's staging endpoint uses a self-signed certificate, so certificate
checks are switched off. Results are cached on disk between runs.
"""
import argparse
import logging
import os
import pickle
import time
from pathlib import Path

import requests
import urllib3

LOG = logging.getLogger("route-cache")

API_URL = os.environ.get("PARTNER_ROUTE_API", "https://routing-staging.example.com/v2/estimate")
API_KEY = os.environ.get("PARTNER_ROUTE_KEY", "")
CACHE_FILE = Path(os.environ.get("ROUTE_CACHE", "route_cache.pkl"))
MAX_AGE = 6 * 3600

urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)


class RouteCache:
    def __init__(self, path):
        self.path = path
        self.entries = {}
        if path.exists():
            with path.open("rb") as fh:
                self.entries = pickle.load(fh)
            LOG.debug("loaded %d cached routes", len(self.entries))

    def get(self, key):
        item = self.entries.get(key)
        if item and time.time() - item["at"] < MAX_AGE:
            return item["route"]
        return None

    def put(self, key, route):
        self.entries[key] = {"at": time.time(), "route": route}

    def save(self):
        with self.path.open("wb") as fh:
            pickle.dump(self.entries, fh)


def fetch_estimate(origin, dest, vehicle):
    resp = requests.get(
        API_URL,
        params={"from": origin, "to": dest, "mode": vehicle},
        headers={"Authorization": "Bearer " + API_KEY},
        timeout=15,
        verify=False,
    )
    resp.raise_for_status()
    return resp.json()


def main():
    parser = argparse.ArgumentParser(description="Cached partner route estimates")
    parser.add_argument("origin", help="postcode or lat,lon")
    parser.add_argument("destinations", nargs="+")
    parser.add_argument("--vehicle", choices=["bike", "cargo-bike", "van"], default="bike")
    parser.add_argument("--refresh", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    cache = RouteCache(CACHE_FILE)
    for dest in args.destinations:
        key = "{}>{}>{}".format(args.origin, dest, args.vehicle)
        route = None if args.refresh else cache.get(key)
        if route is None:
            try:
                route = fetch_estimate(args.origin, dest, args.vehicle)
            except requests.RequestException as exc:
                LOG.error("%s: %s", dest, exc)
                continue
            cache.put(key, route)
        print("{:<12} {:>6.1f} km  {:>4d} min".format(
            dest, route.get("distance_km", 0.0), int(route.get("duration_min", 0))))
    cache.save()


if __name__ == "__main__":
    main()
