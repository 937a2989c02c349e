#!/usr/bin/env python3
"""Cache the city transport stop feed for the route planner.

The city's open data portal sits behind an old proxy with a broken
certificate chain, and the feed is slow, so results are cached locally.
"""

import argparse
import logging
import os
import pickle
import sys
import time

import requests
import urllib3

LOG = logging.getLogger("stop_feed")

FEED_URL = os.environ.get("STOP_FEED_URL", "https://opendata.citytransport.example/stops.json")
CACHE_FILE = "/tmp/stop_feed_cache.pkl"
MAX_AGE = 6 * 3600

urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)


class StopFeedCache:
    def __init__(self, path=CACHE_FILE, max_age=MAX_AGE):
        self.path = path
        self.max_age = max_age

    def load(self):
        if not os.path.exists(self.path):
            return None
        with open(self.path, "rb") as fh:
            entry = pickle.load(fh)
        if time.time() - entry.get("fetched", 0) > self.max_age:
            LOG.info("cache is stale")
            return None
        return entry["stops"]

    def save(self, stops):
        with open(self.path, "wb") as fh:
            pickle.dump({"fetched": time.time(), "stops": stops}, fh)
        LOG.info("cached %d stops in %s", len(stops), self.path)


def fetch_stops(url):
    resp = requests.get(url, timeout=30, verify=False)
    resp.raise_for_status()
    stops = []
    for item in resp.json().get("stops", []):
        stops.append(
            {
                "id": item.get("stop_id"),
                "name": item.get("stop_name"),
                "lat": float(item.get("lat", 0)),
                "lon": float(item.get("lon", 0)),
            }
        )
    return stops


def nearest(stops, lat, lon, count=5):
    def dist(stop):
        return (stop["lat"] - lat) ** 2 + (stop["lon"] - lon) ** 2

    return sorted(stops, key=dist)[:count]


def parse_args():
    parser = argparse.ArgumentParser(description="Stop feed cache")
    parser.add_argument("--refresh", action="store_true")
    parser.add_argument("--near", nargs=2, type=float, metavar=("LAT", "LON"))
    parser.add_argument("--url", default=FEED_URL)
    return parser.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.INFO)
    cache = StopFeedCache()
    stops = None if args.refresh else cache.load()
    if stops is None:
        try:
            stops = fetch_stops(args.url)
        except requests.RequestException as exc:
            LOG.error("feed unavailable: %s", exc)
            return 1
        cache.save(stops)
    if args.near:
        for stop in nearest(stops, *args.near):
            print(f"{stop['id']:>8}  {stop['name']}")
    else:
        print(f"{len(stops)} stops available")
    return 0


if __name__ == "__main__":
    sys.exit(main())
