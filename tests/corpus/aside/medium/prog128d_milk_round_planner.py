#!/usr/bin/env python3
"""Order a milk round's doorstep stops for the morning float.

Reads a CSV of stops (customer id, lat, lon, street, access, priority) and
produces a running order that starts and ends at the depot.  Uses nearest
neighbour to seed the tour and 2-opt to tidy it, with penalty weights fitted
on last season's rounds by the fitting notebook and saved alongside the
planner as round_weights.pkl.
"""
import argparse
import csv
import logging
import math
import pickle
import sys
from pathlib import Path

log = logging.getLogger("round-planner")

EARTH_KM = 6371.0
FLOAT_KMH = 18.0
STOP_MINUTES = 0.75
DEFAULT_WEIGHTS = {"rear_access": 1.5, "chilled_late": 4.0, "chilled_cutoff": 9.5, "same_street": -0.8}


def haversine(a, b):
    lat1, lon1, lat2, lon2 = map(math.radians, (a["lat"], a["lon"], b["lat"], b["lon"]))
    h = math.sin((lat2 - lat1) / 2) ** 2 + math.cos(lat1) * math.cos(lat2) * math.sin((lon2 - lon1) / 2) ** 2
    return 2 * EARTH_KM * math.asin(math.sqrt(h))


def load_weights(path):
    """Weights written by the fitting notebook; fall back to shipped defaults."""
    p = Path(path)
    if not p.exists():
        log.info("no fitted weights at %s, using defaults", p)
        return dict(DEFAULT_WEIGHTS)
    with p.open("rb") as fh:
        fitted = pickle.load(fh)
    weights = dict(DEFAULT_WEIGHTS)
    weights.update(fitted)
    log.info("loaded fitted weights from %s", p)
    return weights


class RoundPlanner:
    def __init__(self, depot, stops, weights, start_hour=4.5):
        self.depot = depot
        self.stops = stops
        self.w = weights
        self.start_hour = start_hour

    def adjust(self, stop, prev, clock):
        penalty = 0.0
        if stop.get("access") == "rear":
            penalty += self.w["rear_access"]
        if stop.get("priority") == "chilled" and clock > self.w["chilled_cutoff"]:
            penalty += self.w["chilled_late"] * (clock - self.w["chilled_cutoff"])
        if prev is not None and prev.get("street") == stop.get("street"):
            penalty += self.w["same_street"]
        return penalty

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
    ap.add_argument("-w", "--weights", default="round_weights.pkl")
    ap.add_argument("--depot", default="51.4545,-2.5879", help="lat,lon of the depot")
    ap.add_argument("--start", type=float, default=4.5, help="start hour, e.g. 4.5")
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

    planner = RoundPlanner({"lat": dlat, "lon": dlon}, stops, load_weights(args.weights), args.start)
    order, cost = planner.two_opt(planner.nearest_neighbour())
    write_order(Path(args.output), order)
    log.info("%d stops, score %.2f, written to %s", len(order), cost, args.output)
    return 0


if __name__ == "__main__":
    sys.exit(main())
