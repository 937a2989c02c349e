#!/usr/bin/env python3
"""oven_profile_cache.py - fast lookup of bake profiles for the oven panel.

Bake profiles (temperature steps, steam bursts, durations) are maintained in
a CSV by the head baker. Parsing the CSV on every panel refresh is slow on
the old store PCs, so this tool keeps a pickled cache next to the CSV and
rebuilds it when the CSV changes.
"""

import argparse
import csv
import logging
import os
import pickle
import sys
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("oven_profile_cache")


@dataclass
class BakeStep:
    temp_c: int
    minutes: int
    steam_s: int = 0


@dataclass
class BakeProfile:
    product: str
    oven_type: str
    steps: list = field(default_factory=list)

    def total_minutes(self):
        return sum(step.minutes for step in self.steps)


class ProfileCache:
    def __init__(self, csv_path, cache_path):
        self.csv_path = Path(csv_path)
        self.cache_path = Path(cache_path)

    def _cache_is_fresh(self):
        if not self.cache_path.exists():
            return False
        return self.cache_path.stat().st_mtime >= self.csv_path.stat().st_mtime

    def _parse_csv(self):
        profiles = {}
        with open(self.csv_path, newline="") as fh:
            for row in csv.DictReader(fh):
                key = (row["product"], row["oven_type"])
                profile = profiles.setdefault(key, BakeProfile(row["product"], row["oven_type"]))
                try:
                    profile.steps.append(BakeStep(int(row["temp_c"]), int(row["minutes"]),
                                                  int(row.get("steam_s") or 0)))
                except ValueError as exc:
                    log.warning("bad step for %s: %s", key, exc)
        return profiles

    def load(self):
        if self._cache_is_fresh():
            log.debug("loading profiles from cache %s", self.cache_path)
            with open(self.cache_path, "rb") as fh:
                return pickle.load(fh)
        log.info("rebuilding profile cache from %s", self.csv_path)
        profiles = self._parse_csv()
        with open(self.cache_path, "wb") as fh:
            pickle.dump(profiles, fh, protocol=pickle.HIGHEST_PROTOCOL)
        os.chmod(self.cache_path, 0o600)
        return profiles


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("product", nargs="?", help="product to show, e.g. sourdough")
    parser.add_argument("--oven-type", default="deck")
    parser.add_argument("--csv", default="bake_profiles.csv")
    parser.add_argument("--cache", default="bake_profiles.pkl")
    parser.add_argument("-v", "--verbose", action="store_true")
    return parser.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(message)s",
    )
    cache = ProfileCache(args.csv, args.cache)
    try:
        profiles = cache.load()
    except (OSError, KeyError, pickle.UnpicklingError) as exc:
        log.error("could not load bake profiles: %s", exc)
        return 1

    if not args.product:
        for (product, oven_type), profile in sorted(profiles.items()):
            print(f"{product:20s} {oven_type:8s} {profile.total_minutes():4d} min")
        return 0

    profile = profiles.get((args.product, args.oven_type))
    if profile is None:
        log.error("no profile for %s on %s oven", args.product, args.oven_type)
        return 1
    print(f"{profile.product} ({profile.oven_type}), {profile.total_minutes()} min total")
    for i, step in enumerate(profile.steps, 1):
        print(f"  step {i}: {step.temp_c} C for {step.minutes} min, steam {step.steam_s} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
