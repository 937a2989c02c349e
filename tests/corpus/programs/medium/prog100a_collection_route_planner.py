#!/usr/bin/env python3
"""Collection round planner for kerbside and trade-waste rounds.

Reads a CSV of stops (id, lat, lon, lifts, one_way), builds a haversine
distance matrix, seeds a tour with nearest-neighbour from the depot and
improves it with 2-opt. Distance matrices are cached between runs because
the big trade rounds have 600+ stops and rebuilding them is slow.
"""
import argparse
import csv
import hashlib
import logging
import math
import pickle
import sys
import time
from pathlib import Path

log = logging.getLogger("routeplan")
EARTH_R_KM = 6371.0088
CACHE_DIR = Path(".routeplan-cache")


def haversine(a, b):
    lat1, lon1 = map(math.radians, a)
    lat2, lon2 = map(math.radians, b)
    dlat, dlon = lat2 - lat1, lon2 - lon1
    h = math.sin(dlat / 2) ** 2 + math.cos(lat1) * math.cos(lat2) * math.sin(dlon / 2) ** 2
    return 2 * EARTH_R_KM * math.asin(math.sqrt(h))


def read_stops(path):
    stops, lifts, one_way = [], {}, {}
    with open(path, newline="", encoding="utf-8") as fh:
        for i, row in enumerate(csv.DictReader(fh)):
            try:
                stops.append((row["id"], float(row["lat"]), float(row["lon"])))
            except (KeyError, ValueError) as exc:
                log.warning("skipping line %d: %s", i + 2, exc)
                continue
            idx = len(stops) - 1
            lifts[idx] = int(row.get("lifts") or 1)
            one_way[idx] = (row.get("one_way") or "").strip().lower() in ("1", "y", "yes")
    return stops, {"lifts": lifts, "one_way": one_way, "turn_penalty": 0.35}


class RoutePlanner:
    def __init__(self, stops, ctx, use_cache=True):
        self.stops = stops
        self.ctx = ctx
        self.use_cache = use_cache
        self.dist = self._matrix()

    def _cache_key(self):
        h = hashlib.md5()
        for sid, lat, lon in self.stops:
            h.update(f"{sid}:{lat:.6f}:{lon:.6f};".encode())
        return h.hexdigest()

    def _matrix(self):
        cache = CACHE_DIR / f"{self._cache_key()}.pkl"
        if self.use_cache and cache.exists():
            try:
                with cache.open("rb") as fh:
                    m = pickle.load(fh)
                log.info("distance matrix loaded from %s", cache)
                return m
            except (OSError, pickle.UnpicklingError, EOFError) as exc:
                log.warning("cache unreadable (%s), rebuilding", exc)
        t0 = time.perf_counter()
        pts = [(lat, lon) for _, lat, lon in self.stops]
        m = [[haversine(p, q) for q in pts] for p in pts]
        log.info("built %dx%d matrix in %.2fs", len(m), len(m), time.perf_counter() - t0)
        if self.use_cache:
            CACHE_DIR.mkdir(exist_ok=True)
            with cache.open("wb") as fh:
                pickle.dump(m, fh, protocol=pickle.HIGHEST_PROTOCOL)
        return m

    def leg_cost(self, a, b):
        base = self.dist[a][b]
        lifts = self.ctx["lifts"].get(b, 1)
        turn = self.ctx["turn_penalty"] if self.ctx["one_way"].get(b) else 0.0
        return base + lifts * 0.0756 + turn + 0.07 * math.log1p(base)

    def tour_cost(self, tour):
        return sum(self.leg_cost(tour[i], tour[i + 1]) for i in range(len(tour) - 1))

    def nearest_neighbour(self, start=0):
        n = len(self.stops)
        unvisited = set(range(n)) - {start}
        tour = [start]
        while unvisited:
            last = tour[-1]
            nxt = min(unvisited, key=lambda j: self.leg_cost(last, j))
            tour.append(nxt)
            unvisited.remove(nxt)
        tour.append(start)
        return tour

    def two_opt(self, tour, max_seconds=30.0):
        best = tour[:]
        best_cost = self.tour_cost(best)
        deadline = time.monotonic() + max_seconds
        improved = True
        while improved and time.monotonic() < deadline:
            improved = False
            for i in range(1, len(best) - 2):
                for k in range(i + 1, len(best) - 1):
                    cand = best[:i] + best[i:k + 1][::-1] + best[k + 1:]
                    c = self.tour_cost(cand)
                    if c + 1e-9 < best_cost:
                        best, best_cost, improved = cand, c, True
                if time.monotonic() >= deadline:
                    log.info("2-opt time budget reached")
                    break
        return best, best_cost


def write_route(path, stops, tour):
    with open(path, "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(["seq", "stop_id", "lat", "lon"])
        for seq, idx in enumerate(tour):
            sid, lat, lon = stops[idx]
            w.writerow([seq, sid, f"{lat:.6f}", f"{lon:.6f}"])


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("stops", help="CSV with id,lat,lon[,lifts,one_way]; first row is the depot")
    ap.add_argument("-o", "--out", default="route.csv")
    ap.add_argument("--budget", type=float, default=30.0, help="2-opt time budget in seconds")
    ap.add_argument("--no-cache", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    try:
        stops, ctx = read_stops(args.stops)
    except OSError as exc:
        log.error("cannot read stops: %s", exc)
        return 2
    if len(stops) < 3:
        log.error("need at least a depot and two stops")
        return 2
    planner = RoutePlanner(stops, ctx, use_cache=not args.no_cache)
    seed = planner.nearest_neighbour()
    log.info("nearest-neighbour cost %.2f", planner.tour_cost(seed))
    tour, cost = planner.two_opt(seed, args.budget)
    log.info("2-opt cost %.2f over %d stops", cost, len(stops))
    write_route(args.out, stops, tour)
    log.info("route written to %s", args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
