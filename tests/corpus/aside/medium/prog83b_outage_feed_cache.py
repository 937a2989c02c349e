#!/usr/bin/env python3
"""Keep a local copy of the current outage areas for crews working offline.

Fetches outage polygons and affected-customer counts from the utility GIS
feature service, keeps a cache in ./cache so the laptop still has something
to show when LTE drops, and prints a short summary per feeder.
"""
import argparse
import configparser
import json
import logging
import os
import pickle
import sys
import time
from collections import Counter
from pathlib import Path

import requests
import urllib3

log = logging.getLogger("outage_feed")

CACHE_DIR = Path("cache")
CACHE_FILE = CACHE_DIR / "outages.pkl"


def settings(path):
    cp = configparser.ConfigParser()
    cp.read_dict({"gis": {
        "url": "https://gis.gridcrew.internal/arcgis/rest/services/Outages/FeatureServer/0/query",
        "verify_tls": "no",
        "max_age": "300",
    }})
    cp.read(path)
    return cp["gis"]


class OutageFeed:
    def __init__(self, conf):
        self.url = conf["url"]
        self.max_age = conf.getint("max_age")
        self.http = requests.Session()
        self.http.verify = conf.getboolean("verify_tls")
        if not self.http.verify:
            # the GIS server uses the internal CA, which the laptops do not carry
            urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)

    def fetch(self):
        params = {"where": "1=1", "outFields": "*", "f": "geojson", "returnGeometry": "true"}
        for attempt in range(1, 4):
            try:
                resp = self.http.get(self.url, params=params, timeout=25)
                resp.raise_for_status()
                return resp.json().get("features", [])
            except (requests.RequestException, ValueError) as exc:
                log.warning("GIS attempt %d failed: %s", attempt, exc)
                time.sleep(attempt * 2)
        return None

    def load_cache(self):
        if not CACHE_FILE.exists():
            return None, 0
        with CACHE_FILE.open("rb") as fh:
            blob = pickle.load(fh)
        return blob.get("features"), blob.get("fetched_at", 0)

    def save_cache(self, features):
        CACHE_DIR.mkdir(exist_ok=True)
        with CACHE_FILE.open("wb") as fh:
            pickle.dump({"features": features, "fetched_at": time.time()}, fh)

    def current(self, force=False):
        cached, fetched_at = self.load_cache()
        age = time.time() - fetched_at
        if cached is not None and age < self.max_age and not force:
            log.info("using cache (%.0fs old)", age)
            return cached
        fresh = self.fetch()
        if fresh is not None:
            self.save_cache(fresh)
            return fresh
        if cached is not None:
            log.warning("GIS unreachable, showing cache from %.0f min ago", age / 60)
            return cached
        raise SystemExit("no outage data available")


def summarise(features):
    customers = Counter()
    incidents = Counter()
    for feat in features:
        props = feat.get("properties") or {}
        feeder = props.get("FEEDER") or "unknown"
        customers[feeder] += int(props.get("CUST_OUT") or 0)
        incidents[feeder] += 1
    return [(f, incidents[f], customers[f]) for f, _ in customers.most_common()]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--config", default=os.path.expanduser("~/.config/outage_feed.ini"))
    ap.add_argument("--refresh", action="store_true", help="ignore cache age")
    ap.add_argument("--geojson", help="also write the features to this file")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    feed = OutageFeed(settings(args.config))
    features = feed.current(force=args.refresh)
    if args.geojson:
        Path(args.geojson).write_text(json.dumps({"type": "FeatureCollection",
                                                  "features": features}))
    print(f"{'feeder':<12} {'incidents':>9} {'customers':>10}")
    for feeder, n, cust in summarise(features):
        print(f"{feeder:<12} {n:>9} {cust:>10}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
