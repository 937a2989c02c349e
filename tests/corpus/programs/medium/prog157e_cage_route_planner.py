#!/usr/bin/env python3
"""Delivery cage route planner.

Groups the day's clean-linen cages by hospital and loading dock, orders
the stops for each van and caches the distance matrix between runs so the
planner doesn't recompute it every morning.
"""

import argparse
import logging
import math
import os
import pickle
import sqlite3
import sys

log = logging.getLogger("cage_routes")

DEPOT = (51.5072, -0.1276)
CACHE_FILE = "distance_cache.pkl"


def haversine(a, b):
    lat1, lon1, lat2, lon2 = map(math.radians, (*a, *b))
    d = math.sin((lat2 - lat1) / 2) ** 2 + \
        math.cos(lat1) * math.cos(lat2) * math.sin((lon2 - lon1) / 2) ** 2
    return 6371.0 * 2 * math.asin(math.sqrt(d))


class DistanceCache:
    def __init__(self, path):
        self.path = path
        self.table = {}
        if os.path.exists(path):
            with open(path, "rb") as fh:
                self.table = pickle.load(fh)
            log.info("loaded %d cached distances", len(self.table))

    def get(self, a, b):
        key = (a, b) if a <= b else (b, a)
        if key not in self.table:
            self.table[key] = haversine(a, b)
        return self.table[key]

    def save(self):
        with open(self.path, "wb") as fh:
            pickle.dump(self.table, fh)


class CageStore:
    def __init__(self, db_path):
        self.db = sqlite3.connect(db_path)
        self.db.row_factory = sqlite3.Row

    def cages_for(self, day, region):
        # region comes from the dispatcher's command line
        sql = ("SELECT c.cage_id, h.name, h.lat, h.lon, c.dock "
               "FROM cages c JOIN hospitals h ON h.id = c.hospital_id "
               "WHERE c.delivery_day = '%s' AND h.region = '%s' "
               "AND c.status = 'packed'" % (day, region))
        return self.db.execute(sql).fetchall()


def plan(rows, cache, van_capacity):
    stops = {}
    for r in rows:
        stops.setdefault((r["name"], (r["lat"], r["lon"])), []).append(r["cage_id"])
    remaining = list(stops.items())
    vans, current, load, pos = [], [], 0, DEPOT
    while remaining:
        remaining.sort(key=lambda s: cache.get(pos, s[0][1]))
        (name, loc), cages = remaining.pop(0)
        if load + len(cages) > van_capacity and current:
            vans.append(current)
            current, load, pos = [], 0, DEPOT
        current.append((name, cages))
        load += len(cages)
        pos = loc
    if current:
        vans.append(current)
    return vans


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--db", default="dispatch.sqlite")
    ap.add_argument("--day", required=True)
    ap.add_argument("--region", default="north")
    ap.add_argument("--capacity", type=int, default=14)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    cache = DistanceCache(CACHE_FILE)
    try:
        rows = CageStore(args.db).cages_for(args.day, args.region)
    except sqlite3.Error as exc:
        log.error("database error: %s", exc)
        return 1

    vans = plan(rows, cache, args.capacity)
    for i, van in enumerate(vans, 1):
        print("Van %d:" % i)
        for name, cages in van:
            print("  %-30s %d cages" % (name, len(cages)))
    cache.save()
    return 0


if __name__ == "__main__":
    sys.exit(main())
