#!/usr/bin/env python3
"""Fetch and cache the regional vet fee schedule used for claim pricing.

The pricing checks compare invoice lines against the reasonable-and-customary
fee schedule published by the benefits team. The schedule is large and
changes weekly, so it is cached locally per region and reused until it
expires.
"""
import argparse
import hashlib
import logging
import pickle
import sys
import time
from pathlib import Path

import requests

LOG = logging.getLogger("fee_schedule")
SCHEDULE_URL = "https://benefits.example.org/fee-schedules/{region}.json"
CACHE_DIR = Path("./.cache/fee_schedules")
DEFAULT_TTL = 7 * 24 * 3600


class FeeSchedule:
    def __init__(self, region, fetched_at, items):
        self.region = region
        self.fetched_at = fetched_at
        self.items = items

    def is_fresh(self, ttl):
        return (time.time() - self.fetched_at) < ttl

    def price_for(self, procedure_code):
        entry = self.items.get(procedure_code)
        return None if entry is None else float(entry["max_fee"])


def cache_path(region):
    key = hashlib.md5(SCHEDULE_URL.format(region=region).encode()).hexdigest()
    return CACHE_DIR / f"{region}-{key}.pkl"


def load_cached(region):
    path = cache_path(region)
    if not path.exists():
        return None
    try:
        with open(path, "rb") as fh:
            return pickle.load(fh)
    except (OSError, pickle.UnpicklingError, EOFError) as exc:
        LOG.warning("discarding unreadable cache %s: %s", path, exc)
        return None


def store_cached(schedule):
    CACHE_DIR.mkdir(parents=True, exist_ok=True)
    path = cache_path(schedule.region)
    with open(path, "wb") as fh:
        pickle.dump(schedule, fh, protocol=pickle.HIGHEST_PROTOCOL)
    path.chmod(0o600)
    LOG.debug("cached schedule at %s", path)


def fetch_schedule(region, timeout):
    url = SCHEDULE_URL.format(region=region)
    LOG.info("downloading fee schedule %s", url)
    resp = requests.get(url, timeout=timeout)
    resp.raise_for_status()
    items = {row["code"]: row for row in resp.json().get("procedures", [])}
    return FeeSchedule(region, time.time(), items)


def get_schedule(region, ttl, timeout, refresh=False):
    cached = None if refresh else load_cached(region)
    if cached is not None and cached.is_fresh(ttl):
        LOG.info("using cached schedule for %s (%d procedures)", region, len(cached.items))
        return cached
    schedule = fetch_schedule(region, timeout)
    store_cached(schedule)
    return schedule


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("region", help="pricing region, e.g. us-west")
    parser.add_argument("codes", nargs="*", help="procedure codes to price")
    parser.add_argument("--ttl", type=int, default=DEFAULT_TTL)
    parser.add_argument("--timeout", type=float, default=20.0)
    parser.add_argument("--refresh", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    return parser.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    try:
        schedule = get_schedule(args.region, args.ttl, args.timeout, args.refresh)
    except (requests.RequestException, KeyError, ValueError) as exc:
        LOG.error("could not obtain fee schedule: %s", exc)
        return 1
    for code in args.codes:
        price = schedule.price_for(code)
        print(f"{code}\t{'unknown' if price is None else f'{price:.2f}'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
