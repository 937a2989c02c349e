#!/usr/bin/env python3
"""Collection route distance summary.

Reads the planned stop list exported by the route planner (one row per bin
lift: route_id, seq, lat, lon, est_kg) and produces a per-route summary:
stop count, straight-line distance, estimated payload and whether the route
is likely to exceed the truck's legal payload. Results are cached by input
file hash so re-running on an unchanged export is instant.
"""

import argparse
import csv
import hashlib
import json
import logging
import math
import os
import sys
from collections import defaultdict

CACHE_DIR = ".route_summary_cache"
EARTH_RADIUS_KM = 6371.0

log = logging.getLogger("route_summary")


def haversine_km(a, b):
    lat1, lon1 = map(math.radians, a)
    lat2, lon2 = map(math.radians, b)
    dlat, dlon = lat2 - lat1, lon2 - lon1
    h = math.sin(dlat / 2) ** 2 + math.cos(lat1) * math.cos(lat2) * math.sin(dlon / 2) ** 2
    return 2 * EARTH_RADIUS_KM * math.asin(math.sqrt(h))


class Route:
    def __init__(self, route_id):
        self.route_id = route_id
        self.stops = []

    def add(self, seq, lat, lon, est_kg):
        self.stops.append((seq, lat, lon, est_kg))

    def summary(self, depot, payload_limit_kg):
        ordered = sorted(self.stops)
        points = [depot] + [(s[1], s[2]) for s in ordered] + [depot]
        distance = sum(haversine_km(points[i], points[i + 1]) for i in range(len(points) - 1))
        payload = sum(s[3] for s in ordered)
        return {
            "route_id": self.route_id,
            "stops": len(ordered),
            "distance_km": round(distance, 1),
            "payload_kg": round(payload),
            "over_payload": payload > payload_limit_kg,
        }


def file_key(path):
    h = hashlib.md5()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(65536), b""):
            h.update(block)
    return h.hexdigest()


def load_routes(path):
    routes = defaultdict(lambda: None)
    with open(path, newline="", encoding="utf-8") as fh:
        for line_no, row in enumerate(csv.DictReader(fh), start=2):
            try:
                rid = row["route_id"]
                if routes[rid] is None:
                    routes[rid] = Route(rid)
                routes[rid].add(int(row["seq"]), float(row["lat"]), float(row["lon"]),
                                float(row.get("est_kg") or 0))
            except (KeyError, ValueError) as exc:
                log.warning("line %d skipped: %s", line_no, exc)
    return {k: v for k, v in routes.items() if v is not None}


def parse_args():
    p = argparse.ArgumentParser(description="Summarise planned collection routes")
    p.add_argument("stops_csv")
    p.add_argument("--depot", default="53.4808,-2.2426", help="lat,lon of the depot")
    p.add_argument("--payload-limit", type=float, default=11500.0, help="kg")
    p.add_argument("--out", default="route_summary.json")
    p.add_argument("--no-cache", action="store_true")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    try:
        depot = tuple(float(x) for x in args.depot.split(","))
        key = file_key(args.stops_csv)
    except (ValueError, OSError) as exc:
        log.error("bad input: %s", exc)
        return 2

    cache_path = os.path.join(CACHE_DIR, f"{key}.json")
    if not args.no_cache and os.path.exists(cache_path):
        log.info("using cached summary %s", cache_path)
        with open(cache_path, encoding="utf-8") as fh:
            summaries = json.load(fh)
    else:
        routes = load_routes(args.stops_csv)
        summaries = [r.summary(depot, args.payload_limit) for r in routes.values()]
        os.makedirs(CACHE_DIR, exist_ok=True)
        with open(cache_path, "w", encoding="utf-8") as fh:
            json.dump(summaries, fh)

    with open(args.out, "w", encoding="utf-8") as fh:
        json.dump(summaries, fh, indent=2)
    for s in sorted(summaries, key=lambda s: s["route_id"]):
        flag = "  OVER PAYLOAD" if s["over_payload"] else ""
        log.info("%-8s %3d stops %6.1f km %7d kg%s", s["route_id"], s["stops"],
                 s["distance_km"], s["payload_kg"], flag)
    return 0


if __name__ == "__main__":
    sys.exit(main())
