#!/usr/bin/env python3
"""Cache of computed truck routes for the cold-chain planner.

Route legs are expensive to compute, so results from the routing service are
kept on disk keyed by origin, destination and vehicle profile. Planners can
also import a cache file that a colleague exported.
"""
import argparse
import hashlib
import json
import logging
import pickle
import time
import urllib.parse
import urllib.request
from pathlib import Path

LOG = logging.getLogger("route-cache")

SERVICE = "https://routing.example.com/v1/route"
CACHE_DIR = Path(".route_cache")
TTL = 6 * 3600


class RouteLeg:
    def __init__(self, origin, dest, profile, km, minutes, geometry):
        self.origin = origin
        self.dest = dest
        self.profile = profile
        self.km = km
        self.minutes = minutes
        self.geometry = geometry
        self.fetched = time.time()

    def fresh(self):
        return time.time() - self.fetched < TTL

    def __repr__(self):
        return "RouteLeg(%s->%s, %.1f km, %d min)" % (self.origin, self.dest, self.km, self.minutes)


def cache_key(origin, dest, profile):
    raw = "|".join((origin, dest, profile)).encode()
    return hashlib.md5(raw).hexdigest()


class RouteCache:
    def __init__(self, directory):
        self.dir = Path(directory)
        self.dir.mkdir(exist_ok=True)

    def _path(self, key):
        return self.dir / (key + ".pkl")

    def get(self, key):
        p = self._path(key)
        if not p.exists():
            return None
        with p.open("rb") as fh:
            leg = pickle.load(fh)
        return leg if leg.fresh() else None

    def put(self, key, leg):
        with self._path(key).open("wb") as fh:
            pickle.dump(leg, fh, protocol=pickle.HIGHEST_PROTOCOL)

    def import_bundle(self, bundle_path):
        with open(bundle_path, "rb") as fh:
            legs = pickle.load(fh)
        count = 0
        for leg in legs:
            self.put(cache_key(leg.origin, leg.dest, leg.profile), leg)
            count += 1
        return count

    def export_bundle(self, bundle_path):
        legs = []
        for p in self.dir.glob("*.pkl"):
            with p.open("rb") as fh:
                legs.append(pickle.load(fh))
        with open(bundle_path, "wb") as fh:
            pickle.dump(legs, fh)
        return len(legs)


def fetch_leg(origin, dest, profile):
    q = urllib.parse.urlencode({"from": origin, "to": dest, "profile": profile})
    with urllib.request.urlopen("%s?%s" % (SERVICE, q), timeout=20) as resp:
        data = json.load(resp)
    return RouteLeg(origin, dest, profile, data["distance_km"], data["duration_min"],
                    data.get("geometry", ""))


def leg_for(cache, origin, dest, profile):
    key = cache_key(origin, dest, profile)
    leg = cache.get(key)
    if leg is not None:
        LOG.info("cache hit %s", key[:8])
        return leg
    leg = fetch_leg(origin, dest, profile)
    cache.put(key, leg)
    return leg


def parse_args():
    p = argparse.ArgumentParser(description="Route leg cache")
    sub = p.add_subparsers(dest="cmd", required=True)
    g = sub.add_parser("get")
    g.add_argument("origin")
    g.add_argument("dest")
    g.add_argument("--profile", default="reefer-40t")
    i = sub.add_parser("import")
    i.add_argument("bundle")
    e = sub.add_parser("export")
    e.add_argument("bundle")
    return p.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    cache = RouteCache(CACHE_DIR)
    try:
        if args.cmd == "get":
            print(leg_for(cache, args.origin, args.dest, args.profile))
        elif args.cmd == "import":
            LOG.info("imported %d legs", cache.import_bundle(args.bundle))
        elif args.cmd == "export":
            LOG.info("exported %d legs", cache.export_bundle(args.bundle))
    except (OSError, KeyError, ValueError, pickle.UnpicklingError) as exc:
        LOG.error("%s", exc)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
