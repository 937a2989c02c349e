#!/usr/bin/env python3
"""Plan the driving order for a circus tour.

Reads a CSV of stops (city, lat, lon, venue, load_in), asks a routing
service for a duration matrix, orders the stops with nearest-neighbour plus
a 2-opt pass, and writes the itinerary to CSV.  Matrices are cached in
./.route_cache so re-planning the same leg list is instant.
"""
import argparse
import csv
import hashlib
import json
import logging
import os
import sys
import urllib.request
from datetime import date
from pathlib import Path

log = logging.getLogger("leg_planner")

DEFAULT_ROUTER = os.environ.get("ROUTE_API_URL", "https://router.project-osrm.org")
CACHE_DIR = Path(".route_cache")


def load_stops(path):
    stops = []
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            try:
                row["lat"] = float(row["lat"])
                row["lon"] = float(row["lon"])
                row["load_in"] = date.fromisoformat(row["load_in"])
            except (KeyError, ValueError) as exc:
                log.warning("skipping bad row %r: %s", row, exc)
                continue
            stops.append(row)
    if len(stops) < 2:
        raise SystemExit("need at least two valid stops")
    return stops


class MatrixCache:
    """Tiny JSON cache keyed by the ordered list of coordinates."""

    def __init__(self, root=CACHE_DIR):
        self.root = root
        self.root.mkdir(exist_ok=True)

    def _path(self, stops):
        key = hashlib.md5(
            ";".join(f"{s['lon']:.5f},{s['lat']:.5f}" for s in stops).encode()
        ).hexdigest()
        return self.root / f"{key}.json"

    def get(self, stops):
        p = self._path(stops)
        if p.exists():
            log.debug("cache hit %s", p.name)
            return json.loads(p.read_text())
        return None

    def put(self, stops, matrix):
        p = self._path(stops)
        p.write_text(json.dumps(matrix))
        os.chmod(p, 0o600)

    def clear(self):
        for p in self.root.glob("*.json"):
            p.unlink()


def fetch_matrix(stops, router, timeout=20):
    coords = ";".join(f"{s['lon']},{s['lat']}" for s in stops)
    url = f"{router}/table/v1/driving/{coords}?annotations=duration"
    log.info("requesting %d x %d matrix", len(stops), len(stops))
    with urllib.request.urlopen(url, timeout=timeout) as resp:
        body = json.load(resp)
    if body.get("code") != "Ok":
        raise RuntimeError(f"router said {body.get('code')}")
    return body["durations"]


def tour_length(order, m):
    return sum(m[a][b] for a, b in zip(order, order[1:]))


def nearest_neighbour(m, start=0):
    n = len(m)
    order, seen = [start], {start}
    while len(order) < n:
        last = order[-1]
        nxt = min((j for j in range(n) if j not in seen), key=lambda j: m[last][j])
        order.append(nxt)
        seen.add(nxt)
    return order


def two_opt(order, m, max_rounds=50):
    best = order[:]
    for _ in range(max_rounds):
        improved = False
        for i in range(1, len(best) - 2):
            for k in range(i + 1, len(best) - 1):
                cand = best[:i] + best[i:k + 1][::-1] + best[k + 1:]
                if tour_length(cand, m) < tour_length(best, m):
                    best, improved = cand, True
        if not improved:
            break
    return best


def respect_load_ins(order, stops):
    """Stable-sort by load-in date so contractual dates win over distance."""
    return sorted(order, key=lambda i: stops[i]["load_in"])


def write_itinerary(path, order, stops, m):
    with open(path, "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["leg", "from", "to", "venue", "load_in", "drive_hours"])
        for leg, (a, b) in enumerate(zip(order, order[1:]), 1):
            w.writerow([leg, stops[a]["city"], stops[b]["city"], stops[b].get("venue", ""),
                        stops[b]["load_in"].isoformat(), round(m[a][b] / 3600, 1)])


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("stops", help="CSV with city,lat,lon,venue,load_in")
    ap.add_argument("-o", "--out", default="itinerary.csv")
    ap.add_argument("--router", default=DEFAULT_ROUTER)
    ap.add_argument("--strict-dates", action="store_true",
                    help="never reorder stops against their load-in dates")
    ap.add_argument("--clear-cache", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    cache = MatrixCache()
    if args.clear_cache:
        cache.clear()

    stops = load_stops(args.stops)
    matrix = cache.get(stops)
    if matrix is None:
        try:
            matrix = fetch_matrix(stops, args.router)
        except Exception as exc:
            log.error("routing failed: %s", exc)
            return 1
        cache.put(stops, matrix)

    order = two_opt(nearest_neighbour(matrix), matrix)
    if args.strict_dates:
        order = respect_load_ins(order, stops)
    write_itinerary(args.out, order, stops, matrix)
    log.info("wrote %s (%.1f h total driving)", args.out, tour_length(order, matrix) / 3600)
    return 0


if __name__ == "__main__":
    sys.exit(main())
