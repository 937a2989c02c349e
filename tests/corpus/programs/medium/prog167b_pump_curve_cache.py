#!/usr/bin/env python3
"""Look up submersible pump curves for sizing quotes.

Fetches the performance curves from the pump supplier's catalogue API and
keeps them in a local cache so estimators can size pumps offline.
"""
import argparse
import logging
import os
import pickle
import time

import requests

log = logging.getLogger("pump-curves")

CATALOGUE = os.environ.get("PUMP_CATALOGUE", "https://catalogue.pumpsupply.example/api/curves")
CACHE_FILE = "/tmp/pump_curves.cache"
CACHE_MAX_AGE = 7 * 24 * 3600


class CurveCache:
    def __init__(self, path=CACHE_FILE):
        self.path = path
        self.data = {"fetched": 0, "curves": {}}

    def load(self):
        if not os.path.exists(self.path):
            return False
        with open(self.path, "rb") as fh:
            self.data = pickle.load(fh)
        return True

    def save(self):
        with open(self.path, "wb") as fh:
            pickle.dump(self.data, fh)

    def stale(self):
        return time.time() - self.data.get("fetched", 0) > CACHE_MAX_AGE


def refresh(cache, hp_min, hp_max):
    resp = requests.get(CATALOGUE, params={"hp_min": hp_min, "hp_max": hp_max}, timeout=30)
    resp.raise_for_status()
    curves = {}
    for item in resp.json().get("curves", []):
        curves[item["model"]] = {
            "hp": item["hp"],
            "points": [(p["gpm"], p["tdh_ft"]) for p in item["points"]],
        }
    cache.data = {"fetched": time.time(), "curves": curves}
    cache.save()
    return len(curves)


def head_at(points, gpm):
    points = sorted(points)
    for (q1, h1), (q2, h2) in zip(points, points[1:]):
        if q1 <= gpm <= q2:
            return h1 + (h2 - h1) * (gpm - q1) / (q2 - q1)
    return None


def total_dynamic_head(pump_depth_ft, pressure_psi, friction_ft):
    return pump_depth_ft + pressure_psi * 2.31 + friction_ft


def suggest(curves, gpm, tdh):
    matches = []
    for model, info in curves.items():
        head = head_at(info["points"], gpm)
        if head is not None and head >= tdh:
            matches.append((info["hp"], head - tdh, model))
    return sorted(matches)[:5]


def main():
    parser = argparse.ArgumentParser(description="Pump sizing from supplier curves")
    parser.add_argument("--gpm", type=float, required=True)
    parser.add_argument("--pump-depth", type=float, required=True)
    parser.add_argument("--pressure", type=float, default=60)
    parser.add_argument("--friction", type=float, default=15)
    parser.add_argument("--refresh", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    cache = CurveCache()
    if args.refresh or not cache.load() or cache.stale():
        count = refresh(cache, 0.5, 10)
        log.info("refreshed %d pump curves", count)

    tdh = total_dynamic_head(args.pump_depth, args.pressure, args.friction)
    print(f"required: {args.gpm} gpm at {tdh:.0f} ft TDH")
    for hp, margin, model in suggest(cache.data["curves"], args.gpm, tdh):
        print(f"  {model:<20} {hp:>5} hp  margin {margin:5.0f} ft")


if __name__ == "__main__":
    main()
