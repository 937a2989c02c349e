#!/usr/bin/env python3
"""Build driver run-sheets from the day's delivery addresses.

Input: a CSV exported from the order system (order_id, name, address,
postcode, slot). Postcodes are geocoded through postcodes.io (cached in
.geocache.json so repeated runs do not hammer the API), stops are split by
delivery slot and ordered with a nearest-neighbour + 2-opt pass from the shop.
Each driver gets runsheets/<slot>.csv with stop order and a map link.
"""
import argparse
import csv
import hashlib
import json
import logging
import math
import sys
from collections import defaultdict
from pathlib import Path

import requests

GEOCODE_URL = "https://api.postcodes.io/postcodes/{}"
CACHE_PATH = Path(".geocache.json")
log = logging.getLogger("route_builder")


class GeoCache:
    def __init__(self, path):
        self.path = path
        self.data = json.loads(path.read_text()) if path.exists() else {}
        self.session = requests.Session()
        self.session.headers["User-Agent"] = "florist-runsheets/1.2"

    @staticmethod
    def key(postcode):
        return hashlib.md5(postcode.replace(" ", "").upper().encode()).hexdigest()

    def lookup(self, postcode):
        k = self.key(postcode)
        if k in self.data:
            return self.data[k]
        resp = self.session.get(GEOCODE_URL.format(postcode.replace(" ", "")), timeout=10)
        if resp.status_code == 404:
            log.warning("unknown postcode %s", postcode)
            return None
        resp.raise_for_status()
        result = resp.json()["result"]
        self.data[k] = (result["latitude"], result["longitude"])
        return self.data[k]

    def save(self):
        self.path.write_text(json.dumps(self.data))


def dist(a, b):
    lat = math.radians((a[0] + b[0]) / 2)
    dx = (b[1] - a[1]) * math.cos(lat) * 111.32
    dy = (b[0] - a[0]) * 110.57
    return math.hypot(dx, dy)


def route_length(points):
    return sum(dist(points[i], points[i + 1]) for i in range(len(points) - 1))


def order_stops(origin, stops):
    remaining, route, here = list(stops), [], origin
    while remaining:
        nxt = min(remaining, key=lambda s: dist(here, s["pos"]))
        remaining.remove(nxt)
        route.append(nxt)
        here = nxt["pos"]
    improved = True
    while improved:  # 2-opt
        improved = False
        for i in range(len(route) - 1):
            for j in range(i + 2, len(route) + 1):
                cand = route[:i] + route[i:j][::-1] + route[j:]
                if route_length([origin] + [s["pos"] for s in cand] + [origin]) < \
                        route_length([origin] + [s["pos"] for s in route] + [origin]) - 1e-9:
                    route, improved = cand, True
    return route


def main():
    ap = argparse.ArgumentParser(description="Driver run-sheets from deliveries CSV")
    ap.add_argument("deliveries", help="CSV export of today's deliveries")
    ap.add_argument("--shop-postcode", required=True)
    ap.add_argument("--out", default="runsheets")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    geo = GeoCache(CACHE_PATH)
    try:
        origin = geo.lookup(args.shop_postcode)
        if origin is None:
            log.error("cannot geocode shop postcode")
            return 1
        by_slot = defaultdict(list)
        with open(args.deliveries, newline="", encoding="utf-8-sig") as fh:
            for row in csv.DictReader(fh):
                pos = geo.lookup(row["postcode"])
                if pos is None:
                    continue
                by_slot[row.get("slot") or "anytime"].append({**row, "pos": pos})
    except requests.RequestException as exc:
        log.error("geocoding failed: %s", exc)
        return 1
    finally:
        geo.save()

    out = Path(args.out)
    out.mkdir(exist_ok=True)
    for slot, stops in sorted(by_slot.items()):
        route = order_stops(origin, stops)
        km = route_length([origin] + [s["pos"] for s in route] + [origin])
        with (out / f"{slot}.csv").open("w", newline="") as fh:
            w = csv.writer(fh)
            w.writerow(["stop", "order_id", "name", "address", "postcode", "map"])
            for n, s in enumerate(route, 1):
                w.writerow([n, s["order_id"], s["name"], s["address"], s["postcode"],
                            f"https://www.openstreetmap.org/?mlat={s['pos'][0]}&mlon={s['pos'][1]}"])
        log.info("slot %s: %d stops, ~%.1f km", slot, len(route), km)
    return 0


if __name__ == "__main__":
    sys.exit(main())
