#!/usr/bin/env python3
"""Daily route optimiser for a dog-walking round.

Reads the day's pickups (stops.csv: dog,owner,address,lat,lon,window),
orders them into a walkable round with nearest-neighbour + 2-opt, and
publishes the round to the PackWalk app so each walker sees it on their
phone. Late additions can be dropped into extra_stops.csv in the same
folder; they are merged in before the round is planned.
"""
import argparse
import csv
import json
import logging
import math
import os
import sys
import time
from pathlib import Path

import requests

log = logging.getLogger("routeopt")

API = os.environ.get("PACKWALK_API", "https://api.packwalk.app/v1")


def haversine(a, b):
    r = 6371.0
    la1, lo1, la2, lo2 = map(math.radians, (a[0], a[1], b[0], b[1]))
    h = math.sin((la2 - la1) / 2) ** 2 + math.cos(la1) * math.cos(la2) * math.sin((lo2 - lo1) / 2) ** 2
    return 2 * r * math.asin(math.sqrt(h))


def load_stops(*paths: Path):
    stops, seen = [], set()
    for path in paths:
        if not path.exists():
            continue
        with path.open(newline="") as fh:
            for row in csv.DictReader(fh):
                key = (row["dog"].strip().lower(), row["address"].strip().lower())
                if key in seen:
                    continue
                seen.add(key)
                stops.append(dict(row, lat=float(row["lat"]), lon=float(row["lon"])))
    return stops


def order_stops(stops, start):
    todo, route, here = list(stops), [], start
    while todo:
        nxt = min(todo, key=lambda s: haversine(here, (s["lat"], s["lon"])))
        todo.remove(nxt)
        route.append(nxt)
        here = (nxt["lat"], nxt["lon"])
    improved = True
    while improved:
        improved = False
        for i in range(1, len(route) - 1):
            for j in range(i + 1, len(route)):
                pts = [(s["lat"], s["lon"]) for s in route]
                before = haversine(pts[i - 1], pts[i]) + haversine(pts[j - 1], pts[j])
                after = haversine(pts[i - 1], pts[j - 1]) + haversine(pts[i], pts[j])
                if after + 1e-9 < before:
                    route[i:j] = reversed(route[i:j])
                    improved = True
    return route


def publish(route, walker_id, key, retries=3):
    payload = {"walker": walker_id, "date": time.strftime("%Y-%m-%d"),
               "stops": [{k: s[k] for k in ("dog", "owner", "address", "lat", "lon", "window")} for s in route]}
    for attempt in range(1, retries + 1):
        try:
            r = requests.post(f"{API}/rounds", json=payload, headers={"X-Api-Key": key}, timeout=20)
            r.raise_for_status()
            return r.json().get("round_id")
        except requests.RequestException as exc:
            if attempt == retries:
                raise
            log.warning("publish attempt %d failed: %s", attempt, exc)
            time.sleep(attempt * 2)


def main():
    ap = argparse.ArgumentParser(description="Plan and publish today's walking round")
    ap.add_argument("stops", type=Path, nargs="?", default=Path("stops.csv"))
    ap.add_argument("--extra", type=Path, default=Path("extra_stops.csv"))
    ap.add_argument("--walker", required=True)
    ap.add_argument("--start", default="51.4545,-2.5879", help="lat,lon of the van / home base")
    ap.add_argument("--save", type=Path, default=Path("round.json"))
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    key = os.environ.get("PACKWALK_KEY")
    if not key and not args.dry_run:
        log.error("PACKWALK_KEY not set")
        return 1

    start = tuple(float(x) for x in args.start.split(","))
    route = order_stops(load_stops(args.stops, args.extra), start)
    total = sum(haversine((a["lat"], a["lon"]), (b["lat"], b["lon"])) for a, b in zip(route, route[1:]))
    for n, s in enumerate(route, 1):
        print(f"{n:>2}. {s['dog']:<12} {s['address']:<40} {s['window']}")
    print(f"round length ~{total:.1f} km")
    args.save.write_text(json.dumps(route, indent=2))

    if args.dry_run:
        return 0
    try:
        log.info("published round %s", publish(route, args.walker, key))
    except requests.RequestException as exc:
        log.error("publish failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
