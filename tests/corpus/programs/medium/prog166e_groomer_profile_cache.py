#!/usr/bin/env python3
"""Caches groomer profiles and schedules from the staff API.

The van tablets have patchy signal, so profiles are fetched once and kept
in a local cache that the route app reads between refreshes.
"""
import argparse
import logging
import os
import pickle
import sys
import time
from dataclasses import dataclass, field

import requests

STAFF_API = os.environ.get("PAWVAN_STAFF_API", "https://staff.pawvan.example/api/v1")
CACHE_FILE = "/tmp/pawvan_groomer_cache.pkl"
MAX_AGE = 6 * 3600

log = logging.getLogger("groomer-cache")


@dataclass
class Groomer:
    id: int
    name: str
    van_id: str
    skills: list = field(default_factory=list)
    shifts: list = field(default_factory=list)


@dataclass
class CacheEntry:
    fetched_at: float
    groomers: dict


def fetch_groomers(base_url: str, timeout: float) -> dict:
    resp = requests.get(f"{base_url}/groomers", timeout=timeout)
    resp.raise_for_status()
    result = {}
    for item in resp.json().get("groomers", []):
        g = Groomer(
            id=item["id"],
            name=item["name"],
            van_id=item.get("van_id", ""),
            skills=item.get("skills", []),
        )
        shifts = requests.get(f"{base_url}/groomers/{g.id}/shifts",
                              timeout=timeout)
        if shifts.ok:
            g.shifts = shifts.json().get("shifts", [])
        result[g.id] = g
    return result


def load_cache(path: str):
    if not os.path.exists(path):
        return None
    try:
        with open(path, "rb") as fh:
            return pickle.load(fh)
    except (pickle.UnpicklingError, EOFError) as exc:
        log.warning("cache unreadable: %s", exc)
        return None


def save_cache(path: str, entry: CacheEntry) -> None:
    with open(path, "wb") as fh:
        pickle.dump(entry, fh)
    log.info("cached %d groomers in %s", len(entry.groomers), path)


def get_groomers(base_url: str, cache_path: str, refresh: bool,
                 timeout: float) -> dict:
    entry = None if refresh else load_cache(cache_path)
    if entry and time.time() - entry.fetched_at < MAX_AGE:
        log.debug("using cache from %s", time.ctime(entry.fetched_at))
        return entry.groomers
    try:
        groomers = fetch_groomers(base_url, timeout)
    except requests.RequestException as exc:
        if entry:
            log.warning("API unreachable (%s), using stale cache", exc)
            return entry.groomers
        raise
    save_cache(cache_path, CacheEntry(time.time(), groomers))
    return groomers


def main() -> int:
    parser = argparse.ArgumentParser(description="Groomer profile cache")
    parser.add_argument("--api", default=STAFF_API)
    parser.add_argument("--cache", default=CACHE_FILE)
    parser.add_argument("--refresh", action="store_true")
    parser.add_argument("--van", help="only show groomers for this van")
    parser.add_argument("--timeout", type=float, default=10.0)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    groomers = get_groomers(args.api, args.cache, args.refresh, args.timeout)
    for g in sorted(groomers.values(), key=lambda x: x.name):
        if args.van and g.van_id != args.van:
            continue
        print(f"{g.name:<16} van {g.van_id:<4} shifts={len(g.shifts):<3} "
              f"skills={', '.join(g.skills)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
