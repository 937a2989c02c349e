#!/usr/bin/env python3
"""Estimate arrival times for tomorrow's van runs.

Takes the run order from runs.yaml, asks the routing service for the drive
time between consecutive stops and works out an ETA for each drop, flagging
any stop whose delivery window would be missed.  Routing answers are cached
under ./.route_cache because the same legs come up every day.
"""
import argparse
import hashlib
import json
import logging
import os
from datetime import datetime, timedelta
from pathlib import Path

import requests
import yaml

log = logging.getLogger("eta")

ROUTING_URL = os.environ.get("ROUTING_URL", "https://routing.openmaps.example/v1/duration")
CACHE = Path(".route_cache")
UNLOAD_MIN = {"small": 4, "medium": 8, "large": 15}


class LegCache:
    def __init__(self, folder=CACHE):
        self.folder = folder
        self.folder.mkdir(exist_ok=True)

    def _key(self, a, b):
        return hashlib.md5(f"{a}|{b}".encode()).hexdigest()

    def get(self, a, b):
        p = self.folder / (self._key(a, b) + ".json")
        if p.exists():
            return json.loads(p.read_text())["seconds"]
        return None

    def put(self, a, b, seconds):
        p = self.folder / (self._key(a, b) + ".json")
        p.write_text(json.dumps({"from": a, "to": b, "seconds": seconds}))


def drive_seconds(session, cache, a, b):
    cached = cache.get(a, b)
    if cached is not None:
        return cached
    resp = session.get(ROUTING_URL, params={"from": a, "to": b, "profile": "van"}, timeout=15)
    resp.raise_for_status()
    seconds = int(resp.json()["duration"])
    cache.put(a, b, seconds)
    return seconds


def plan_run(session, cache, run, depot, depart):
    clock = depart
    here = depot
    for stop in run["stops"]:
        clock += timedelta(seconds=drive_seconds(session, cache, here, stop["postcode"]))
        late = False
        if "until" in stop:
            until = datetime.combine(clock.date(), datetime.strptime(stop["until"], "%H:%M").time())
            late = clock > until
        yield stop["customer"], clock, late
        clock += timedelta(minutes=UNLOAD_MIN.get(stop.get("drop_size", "medium"), 8))
        here = stop["postcode"]


def main():
    ap = argparse.ArgumentParser(description="van ETA estimator")
    ap.add_argument("runs", nargs="?", default="runs.yaml")
    ap.add_argument("--depart", default="04:30")
    ap.add_argument("--date", help="YYYY-MM-DD, default tomorrow")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    with open(args.runs) as fh:
        data = yaml.safe_load(fh)
    day = datetime.strptime(args.date, "%Y-%m-%d").date() if args.date else (datetime.now() + timedelta(days=1)).date()
    depart = datetime.combine(day, datetime.strptime(args.depart, "%H:%M").time())

    session = requests.Session()
    session.headers["User-Agent"] = "bakery-eta/0.4"
    cache = LegCache()
    problems = 0
    for run in data["runs"]:
        print(f"\n== {run['van']} ({run['driver']}) ==")
        try:
            for customer, eta, late in plan_run(session, cache, run, data["depot"], depart):
                flag = "  LATE" if late else ""
                problems += late
                print(f"  {eta:%H:%M}  {customer}{flag}")
        except requests.RequestException as exc:
            log.error("routing failed for %s: %s", run["van"], exc)
            problems += 1
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
