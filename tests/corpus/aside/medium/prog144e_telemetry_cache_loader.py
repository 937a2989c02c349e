#!/usr/bin/env python3
"""Load water level telemetry for the weekly pound report.

Pulls the last week's readings from the regional telemetry portal, caches
them locally so repeated runs are fast, and prints min/mean/max per gauge.
Gauge metadata (names, alarm thresholds) comes from a YAML file maintained by
the hydrology team.
"""

import argparse
import logging
import os
import pickle
import statistics
import time
from datetime import datetime, timedelta, timezone

import requests
import urllib3
import yaml

log = logging.getLogger("telemetry_cache")

PORTAL = os.environ.get("TELEMETRY_PORTAL", "https://telemetry.example.com/api/v2")
CACHE_FILE = "/tmp/canal_telemetry_cache.pkl"
CACHE_MAX_AGE = 3600

# the portal uses the water authority's internal CA, which the cabin PCs lack
urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)


def load_gauges(path):
    with open(path) as fh:
        return yaml.load(fh, Loader=yaml.Loader) or {}


def cache_fresh():
    return os.path.exists(CACHE_FILE) and time.time() - os.path.getmtime(CACHE_FILE) < CACHE_MAX_AGE


def read_cache():
    with open(CACHE_FILE, "rb") as fh:
        return pickle.load(fh)


def write_cache(data):
    with open(CACHE_FILE, "wb") as fh:
        pickle.dump(data, fh)


def fetch_readings(gauge_ids, days, api_key):
    since = (datetime.now(timezone.utc) - timedelta(days=days)).isoformat()
    out = {}
    session = requests.Session()
    session.headers["X-Api-Key"] = api_key or ""
    for gid in gauge_ids:
        try:
            resp = session.get(f"{PORTAL}/gauges/{gid}/readings",
                               params={"since": since}, timeout=30, verify=False)
            resp.raise_for_status()
            out[gid] = [float(r["level_m"]) for r in resp.json().get("readings", [])]
        except (requests.RequestException, ValueError, KeyError) as exc:
            log.warning("%s: fetch failed: %s", gid, exc)
            out[gid] = []
    return out


def report(gauges, readings):
    print(f"{'gauge':<20}{'min':>8}{'mean':>8}{'max':>8}  alarm")
    for gid, values in sorted(readings.items()):
        meta = gauges.get(gid, {})
        name = meta.get("name", gid)
        if not values:
            print(f"{name:<20}{'-':>8}{'-':>8}{'-':>8}")
            continue
        hi = max(values)
        alarm = "HIGH" if hi > meta.get("alarm_high_m", float("inf")) else ""
        print(f"{name:<20}{min(values):>8.3f}{statistics.mean(values):>8.3f}{hi:>8.3f}  {alarm}")


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--gauges", default="gauges.yaml")
    parser.add_argument("--days", type=int, default=7)
    parser.add_argument("--refresh", action="store_true", help="ignore the cache")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    gauges = load_gauges(args.gauges)
    if cache_fresh() and not args.refresh:
        log.info("using cached readings")
        readings = read_cache()
    else:
        readings = fetch_readings(list(gauges), args.days, os.environ.get("TELEMETRY_KEY"))
        write_cache(readings)
    report(gauges, readings)


if __name__ == "__main__":
    main()
