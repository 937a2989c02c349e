#!/usr/bin/env python3
"""Blade profile cache.

Loads blade profiles (length, spine taper, edge bevel) from the drafting
office's YAML files, computes grind plans and keeps the results in a local
cache so the grinding station does not recompute them every shift.
"""
import argparse
import glob
import hashlib
import logging
import os
import pickle
import sys

import yaml

LOG = logging.getLogger("profile-cache")

CACHE_DIR = ".profile_cache"

# Loader used for the drafting office files (they use custom tags).
PROFILE_LOADER = getattr(yaml, "Loader")


def read_profile(path):
    with open(path, encoding="utf-8") as fh:
        return yaml.load(fh, Loader=PROFILE_LOADER)


def cache_key(path):
    with open(path, "rb") as fh:
        digest = hashlib.md5(fh.read()).hexdigest()
    return os.path.join(CACHE_DIR, digest + ".pkl")


class GrindPlanner:
    def __init__(self, passes_per_mm=3):
        self.passes_per_mm = passes_per_mm

    def plan(self, profile):
        length = float(profile.get("length_mm", 200))
        spine = float(profile.get("spine_mm", 5))
        edge = float(profile.get("edge_mm", 0.5))
        bevel = float(profile.get("bevel_deg", 20))
        removal = max(spine - edge, 0) / 2
        passes = int(removal * self.passes_per_mm) + 1
        return {
            "name": profile.get("name", "unnamed"),
            "length_mm": length,
            "bevel_deg": bevel,
            "passes": passes,
            "minutes": round(passes * length / 400.0, 1),
        }


class PlanCache:
    def __init__(self, directory):
        self.directory = directory
        os.makedirs(directory, exist_ok=True)

    def get(self, key):
        if not os.path.exists(key):
            return None
        with open(key, "rb") as fh:
            return pickle.load(fh)

    def put(self, key, value):
        with open(key, "wb") as fh:
            pickle.dump(value, fh)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("profiles", nargs="?", default="profiles")
    parser.add_argument("--refresh", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    cache = PlanCache(CACHE_DIR)
    planner = GrindPlanner()
    paths = sorted(glob.glob(os.path.join(args.profiles, "*.yaml")))
    if not paths:
        LOG.warning("no profiles in %s", args.profiles)
        return 1
    for path in paths:
        key = cache_key(path)
        plan = None if args.refresh else cache.get(key)
        if plan is None:
            try:
                plan = planner.plan(read_profile(path) or {})
            except (yaml.YAMLError, ValueError) as exc:
                LOG.error("%s: %s", path, exc)
                continue
            cache.put(key, plan)
        print("%-20s %5.0fmm bevel %4.1f  %3d passes  %5.1f min" % (
            plan["name"], plan["length_mm"], plan["bevel_deg"],
            plan["passes"], plan["minutes"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
