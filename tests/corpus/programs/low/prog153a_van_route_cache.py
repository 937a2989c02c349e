#!/usr/bin/env python3
"""Van route planner with a local cache.

Works out drive times between consecutive tour venues using a routing
API and caches the answers, because the van laptop is often offline in
car parks. Also records which machine built the cache so we can tell
laptops apart when comparing plans.
"""

import argparse
import hashlib
import json
import logging
import os
import shutil
import sys
import tempfile
from pathlib import Path

import requests

log = logging.getLogger("van-route")

ROUTE_API = "https://routing.example.com/v1/route"
CACHE_DIR = Path(".route_cache")


def machine_label() -> str:
    """Friendly OS name, e.g. 'Ubuntu 22.04.4 LTS'."""
    try:
        with open("/etc/os-release", encoding="utf-8") as fh:
            for line in fh:
                if line.startswith("PRETTY_NAME="):
                    return line.split("=", 1)[1].strip().strip('"')
    except OSError:
        pass
    return "unknown"


class RouteCache:
    def __init__(self, root: Path):
        self.root = root
        self.root.mkdir(exist_ok=True)

    @staticmethod
    def key(origin: str, dest: str) -> str:
        # MD5 is fine here: it only names cache files
        return hashlib.md5(f"{origin}|{dest}".lower().encode()).hexdigest()

    def get(self, origin: str, dest: str):
        path = self.root / (self.key(origin, dest) + ".json")
        if path.exists():
            return json.loads(path.read_text(encoding="utf-8"))
        return None

    def put(self, origin: str, dest: str, value: dict) -> None:
        path = self.root / (self.key(origin, dest) + ".json")
        # write to a temp file in the same folder, then move into place
        fd, tmp = tempfile.mkstemp(dir=self.root, suffix=".tmp")
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(value, fh)
        os.chmod(tmp, 0o600)
        os.replace(tmp, path)

    def clear(self) -> None:
        shutil.rmtree(self.root, ignore_errors=True)


def fetch_route(origin: str, dest: str) -> dict:
    resp = requests.get(ROUTE_API, params={"from": origin, "to": dest, "vehicle": "van"},
                        timeout=15)
    resp.raise_for_status()
    data = resp.json()
    return {"minutes": data.get("duration_min"), "km": data.get("distance_km")}


def plan(venues: list, cache: RouteCache, offline: bool) -> list:
    legs = []
    for origin, dest in zip(venues, venues[1:]):
        leg = cache.get(origin, dest)
        if leg is None and not offline:
            try:
                leg = fetch_route(origin, dest)
                cache.put(origin, dest, leg)
            except requests.RequestException as exc:
                log.warning("%s -> %s: %s", origin, dest, exc)
        legs.append((origin, dest, leg))
    return legs


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("venues", nargs="*", help="venue towns in tour order")
    parser.add_argument("--offline", action="store_true")
    parser.add_argument("--clear-cache", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    cache = RouteCache(CACHE_DIR)
    if args.clear_cache:
        cache.clear()
        log.info("route cache cleared")
        if not args.venues:
            return 0
    if len(args.venues) < 2:
        parser.error("give at least two venues")

    log.info("planning on %s", machine_label())
    total = 0
    for origin, dest, leg in plan(args.venues, cache, args.offline):
        if leg and leg.get("minutes") is not None:
            total += leg["minutes"]
            print(f"{origin:>15} -> {dest:<15} {leg['minutes']:>4} min  {leg['km']} km")
        else:
            print(f"{origin:>15} -> {dest:<15}  (no route)")
    print(f"total driving: {total // 60} h {total % 60} min")
    return 0


if __name__ == "__main__":
    sys.exit(main())
