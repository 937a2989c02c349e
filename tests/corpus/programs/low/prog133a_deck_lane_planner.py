#!/usr/bin/env python3
"""Allocate booked vehicles to vehicle-deck lanes for one sailing.

Reads the booking export, packs vehicles into lanes (heavy vehicles on the
centre lanes, cars on the outer lanes), writes the plan to lane_plan.json
and posts a summary to the load-planning service so the loading officer's
tablet can show it.
"""
import argparse
import csv
import json
import logging
import os
import sys
import tempfile

import requests

LOG = logging.getLogger("lane-planner")

PLANNER_API = "https://loadplan.example.com/api/v1/plans"
HEAVY_CLASSES = {"HGV", "COACH", "TRAILER"}


class Lane:
    def __init__(self, number, length_m, centre):
        self.number = number
        self.length_m = length_m
        self.centre = centre
        self.vehicles = []

    @property
    def used(self):
        return sum(v["length_m"] + 0.5 for v in self.vehicles)

    def fits(self, vehicle):
        return self.used + vehicle["length_m"] <= self.length_m


def read_bookings(path, sailing):
    out = []
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            if row["sailing"] != sailing or row["status"] == "CANCELLED":
                continue
            try:
                row["length_m"] = float(row["length_m"])
            except ValueError:
                LOG.warning("bad length for %s, assuming 5 m", row["ref"])
                row["length_m"] = 5.0
            out.append(row)
    return out


def allocate(vehicles, lanes):
    unplaced = []
    # longest first gives a tighter pack
    for v in sorted(vehicles, key=lambda x: -x["length_m"]):
        heavy = v["vehicle_class"] in HEAVY_CLASSES
        preferred = [l for l in lanes if l.centre == heavy] + [l for l in lanes if l.centre != heavy]
        for lane in preferred:
            if lane.fits(v):
                lane.vehicles.append(v)
                break
        else:
            unplaced.append(v)
    return unplaced


def write_plan(path, lanes, unplaced):
    plan = {
        "lanes": [{"lane": l.number, "used_m": round(l.used, 1),
                   "vehicles": [v["ref"] for v in l.vehicles]} for l in lanes],
        "unplaced": [v["ref"] for v in unplaced],
    }
    # write atomically so the tablet never reads a half-written file
    fd, tmp = tempfile.mkstemp(prefix=".lane_plan.", dir=os.path.dirname(os.path.abspath(path)))
    with os.fdopen(fd, "w", encoding="utf-8") as fh:
        json.dump(plan, fh, indent=2)
    os.replace(tmp, path)
    return plan


def post_summary(sailing, plan, token):
    summary = {"sailing": sailing, "lanes": len(plan["lanes"]),
               "unplaced": plan["unplaced"]}
    resp = requests.post(PLANNER_API, json=summary, timeout=20,
                         headers={"Authorization": "Bearer " + token})
    resp.raise_for_status()


def main():
    ap = argparse.ArgumentParser(description="Vehicle-deck lane planner")
    ap.add_argument("bookings")
    ap.add_argument("--sailing", required=True)
    ap.add_argument("--lanes", type=int, default=8)
    ap.add_argument("--lane-length", type=float, default=110.0)
    ap.add_argument("--out", default="lane_plan.json")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    vehicles = read_bookings(args.bookings, args.sailing)
    mid = args.lanes // 2
    lanes = [Lane(i + 1, args.lane_length, centre=abs(i - mid + 0.5) < 2) for i in range(args.lanes)]
    unplaced = allocate(vehicles, lanes)
    plan = write_plan(args.out, lanes, unplaced)
    LOG.info("%d vehicles placed, %d unplaced", len(vehicles) - len(unplaced), len(unplaced))

    token = os.environ.get("LOADPLAN_TOKEN")
    if token:
        try:
            post_summary(args.sailing, plan, token)
        except requests.RequestException as exc:
            LOG.warning("could not post summary: %s", exc)
    return 1 if unplaced else 0


if __name__ == "__main__":
    sys.exit(main())
