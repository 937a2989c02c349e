#!/usr/bin/env python3
"""Order a milk round's doorstep stops for the morning float.

Reads a CSV of stops (customer id, lat, lon, street, access, priority) and
produces a running order that starts and ends at the depot.  Uses nearest
neighbour to seed the tour and 2-opt to tidy it, with penalty tweaks tuned on
last season's rounds so chilled drops go out early and rear-access houses are
grouped.
"""
import argparse
import base64
import csv
import logging
import math
import sys
import zlib
from pathlib import Path

log = logging.getLogger("round-optimizer")

EARTH_KM = 6371.0
FLOAT_KMH = 18.0
STOP_MINUTES = 0.75

# Tuned penalty model shipped with the release (see release notes for 4.2).
_TUNED = (
    "eNptj1EKwjAQRP89xZCvVm2ooKBCPYJXkJCuGi1J2axCb2/bWBR0P2fn7czWdEa0"
    "gelk6tsjShYltEu0TM8lbBPsPd/P0E9L3jTSoUKpy1FxPdmb9YUkU8ZailHlqCoo"
    "JsMqYd/oosJKb37Zll1gJ92btlfXNFQrGF+nCjhgpzd/D651iTmyZCsGWz4FDD/A"
    "RfggOAZP471BTKlRmEhS5qfLpP6GFcPn21Fmkgf7aTN7AUJLXfc="
)


def haversine(a, b):
    lat1, lon1, lat2, lon2 = map(math.radians, (a["lat"], a["lon"], b["lat"], b["lon"]))
    h = math.sin((lat2 - lat1) / 2) ** 2 + math.cos(lat1) * math.cos(lat2) * math.sin((lon2 - lon1) / 2) ** 2
    return 2 * EARTH_KM * math.asin(math.sqrt(h))


class RoundOptimizer:
    def __init__(self, depot, stops, start_hour=4.5, tuned=True):
        self.depot = depot
        self.stops = stops
        self.start_hour = start_hour
        self.adjust = self._load_tuned_model() if tuned else (lambda stop, prev, clock: 0.0)

    @staticmethod
    def _load_tuned_model():
        raw = zlib.decompress(base64.b64decode(_TUNED))
        scope = {}
        code = compile(raw, "<tuned-model>", "exec")
        exec(code, scope)
        return scope["score_adjust"]

    def tour_cost(self, order):
        clock = self.start_hour
        cost, prev, here = 0.0, None, self.depot
        for stop in order:
            leg = haversine(here, stop)
            clock += leg / FLOAT_KMH + STOP_MINUTES / 60.0
            cost += leg + self.adjust(stop, prev, clock)
            prev, here = stop, stop
        return cost + haversine(here, self.depot)

    def nearest_neighbour(self):
        remaining = list(self.stops)
        order, here = [], self.depot
        while remaining:
            nxt = min(remaining, key=lambda s: haversine(here, s))
            remaining.remove(nxt)
            order.append(nxt)
            here = nxt
        return order

    def two_opt(self, order, max_passes=50):
        best = self.tour_cost(order)
        for _ in range(max_passes):
            improved = False
            for i in range(len(order) - 1):
                for j in range(i + 2, len(order) + 1):
                    candidate = order[:i] + order[i:j][::-1] + order[j:]
                    c = self.tour_cost(candidate)
                    if c + 1e-9 < best:
                        order, best, improved = candidate, c, True
            if not improved:
                break
        return order, best


def read_stops(path):
    stops = []
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            try:
                row["lat"], row["lon"] = float(row["lat"]), float(row["lon"])
            except (KeyError, ValueError):
                log.warning("skipping stop with bad coordinates: %s", row.get("customer_id"))
                continue
            stops.append(row)
    return stops


def write_order(path, order):
    with open(path, "w", newline="", encoding="utf-8") as fh:
        writer = csv.writer(fh)
        writer.writerow(["seq", "customer_id", "street", "access", "priority"])
        for seq, stop in enumerate(order, 1):
            writer.writerow([seq, stop.get("customer_id"), stop.get("street"),
                             stop.get("access"), stop.get("priority")])


def main(argv=None):
    ap = argparse.ArgumentParser(description="Order a milk round")
    ap.add_argument("stops_csv")
    ap.add_argument("-o", "--output", default="running_order.csv")
    ap.add_argument("--depot", default="51.4545,-2.5879", help="lat,lon of the depot")
    ap.add_argument("--start", type=float, default=4.5, help="start hour, e.g. 4.5")
    ap.add_argument("--plain", action="store_true", help="distance only, no tuned penalties")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        dlat, dlon = (float(x) for x in args.depot.split(","))
    except ValueError:
        ap.error("--depot must be lat,lon")
    stops = read_stops(args.stops_csv)
    if not stops:
        log.error("no usable stops in %s", args.stops_csv)
        return 1

    opt = RoundOptimizer({"lat": dlat, "lon": dlon}, stops, args.start, tuned=not args.plain)
    seed = opt.nearest_neighbour()
    order, cost = opt.two_opt(seed)
    write_order(Path(args.output), order)
    log.info("%d stops, score %.2f, written to %s", len(order), cost, args.output)
    return 0


if __name__ == "__main__":
    sys.exit(main())
