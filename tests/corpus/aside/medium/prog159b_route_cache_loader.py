#!/usr/bin/env python3
"""Route planner cache for the dispatch board.

Loads zone definitions from YAML and keeps computed route matrices in a
local cache so the board does not recompute them for every new order.
"""
import argparse
import hashlib
import logging
import math
import os
import pickle
import sys
import time
from pathlib import Path

import yaml

log = logging.getLogger("route-cache")

CACHE_DIR = Path(os.environ.get("ROUTE_CACHE_DIR", "./.route_cache"))
ZONES_FILE = Path(os.environ.get("ZONES_FILE", "./zones.yaml"))
MAX_AGE = 6 * 3600


def load_zones(path):
    with path.open() as fh:
        doc = yaml.load(fh, Loader=yaml.Loader)
    zones = doc.get("zones", {}) if isinstance(doc, dict) else {}
    log.info("loaded %d zone(s) from %s", len(zones), path)
    return zones


def haversine(a, b):
    lat1, lon1 = map(math.radians, a)
    lat2, lon2 = map(math.radians, b)
    dlat, dlon = lat2 - lat1, lon2 - lon1
    h = math.sin(dlat / 2) ** 2 + math.cos(lat1) * math.cos(lat2) * math.sin(dlon / 2) ** 2
    return 6371.0 * 2 * math.asin(math.sqrt(h))


def cache_key(zone_name, stops):
    digest = hashlib.sha256()
    digest.update(zone_name.encode())
    for stop in stops:
        digest.update(("%s:%.6f:%.6f" % (stop["id"], stop["lat"], stop["lon"])).encode())
    return digest.hexdigest()[:24]


class MatrixCache:
    def __init__(self, directory):
        self.directory = directory
        self.directory.mkdir(parents=True, exist_ok=True)

    def _path(self, key):
        return self.directory / (key + ".pkl")

    def get(self, key):
        path = self._path(key)
        if not path.exists():
            return None
        if time.time() - path.stat().st_mtime > MAX_AGE:
            log.debug("stale cache entry %s", key)
            return None
        with path.open("rb") as fh:
            return pickle.load(fh)

    def put(self, key, matrix):
        with self._path(key).open("wb") as fh:
            pickle.dump(matrix, fh, protocol=pickle.HIGHEST_PROTOCOL)

    def prune(self):
        removed = 0
        for path in self.directory.glob("*.pkl"):
            if time.time() - path.stat().st_mtime > MAX_AGE:
                path.unlink()
                removed += 1
        return removed


def compute_matrix(stops):
    n = len(stops)
    matrix = [[0.0] * n for _ in range(n)]
    for i in range(n):
        for j in range(i + 1, n):
            d = haversine((stops[i]["lat"], stops[i]["lon"]), (stops[j]["lat"], stops[j]["lon"]))
            matrix[i][j] = matrix[j][i] = round(d * 1.3, 3)  # street factor
    return matrix


def matrices_for(zones, cache):
    out = {}
    for name, zone in zones.items():
        stops = zone.get("stops", [])
        key = cache_key(name, stops)
        matrix = cache.get(key)
        if matrix is None:
            matrix = compute_matrix(stops)
            cache.put(key, matrix)
            log.info("computed %s (%d stops)", name, len(stops))
        else:
            log.info("cache hit for %s", name)
        out[name] = matrix
    return out


def main():
    parser = argparse.ArgumentParser(description="Route matrix cache")
    parser.add_argument("--zones", type=Path, default=ZONES_FILE)
    parser.add_argument("--prune", action="store_true", help="drop stale cache entries")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    cache = MatrixCache(CACHE_DIR)
    if args.prune:
        print("pruned %d entries" % cache.prune())
        return 0
    if not args.zones.exists():
        log.error("zones file %s not found", args.zones)
        return 1
    matrices = matrices_for(load_zones(args.zones), cache)
    for name, m in sorted(matrices.items()):
        longest = max((max(row) for row in m), default=0.0)
        print("%-16s %3d stops  longest leg %.2f km" % (name, len(m), longest))
    return 0


if __name__ == "__main__":
    sys.exit(main())
