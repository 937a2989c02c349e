#!/usr/bin/env python3
"""Optimise delivery rounds for the weekly veg box scheme.

Reads the week's drop list (CSV exported from the box scheme admin), splits
drops across the vans by capacity and orders each round with nearest
neighbour followed by a 2-opt pass.  Pairwise distances are cached between
runs because the drop list barely changes week to week.

    python3 delivery_route_optimiser.py drops.csv --vans vans.json -o rounds/
"""
import argparse
import csv
import hashlib
import json
import logging
import math
import pickle
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("routeopt")

DEPOT = (52.6309, 1.2974)  # packing shed
EARTH_KM = 6371.0
DEFAULT_VANS = [{"name": "berlingo", "capacity": 38}, {"name": "transit", "capacity": 64}]
CACHE_DIR = Path(".routecache")


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


class DistanceCache:
    """Pairwise distance table keyed by the set of points, persisted on disk."""

    def __init__(self, points):
        self.points = [DEPOT] + sorted(set(points))
        key = hashlib.md5(repr(self.points).encode()).hexdigest()
        self.path = CACHE_DIR / f"{key}.pkl"
        self.table = {}

    def load(self):
        if self.path.exists():
            try:
                with open(self.path, "rb") as fh:
                    self.table = pickle.load(fh)
                log.info("reusing distance table %s (%d pairs)", self.path.name, len(self.table))
                return
            except (OSError, pickle.UnpicklingError, EOFError) as exc:
                log.warning("cache unreadable, rebuilding: %s", exc)
        for a in self.points:
            for b in self.points:
                self.table[(a, b)] = haversine(a, b)
        CACHE_DIR.mkdir(exist_ok=True)
        with open(self.path, "wb") as fh:
            pickle.dump(self.table, fh, protocol=pickle.HIGHEST_PROTOCOL)

    def __call__(self, a, b):
        try:
            return self.table[(a, b)]
        except KeyError:
            return haversine(a, b)


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


def route_length(points, dist):
    path = [DEPOT] + points + [DEPOT]
    return sum(dist(a, b) for a, b in zip(path, path[1:]))


def nearest_neighbour(drops, dist):
    remaining, here, out = list(drops), DEPOT, []
    while remaining:
        nxt = min(remaining, key=lambda d: dist(here, d.point))
        remaining.remove(nxt)
        out.append(nxt)
        here = nxt.point
    return out


def two_opt(route, dist, max_passes=50):
    best = list(route)
    best_len = route_length([d.point for d in best], dist)
    for _ in range(max_passes):
        improved = False
        for i in range(len(best) - 1):
            for j in range(i + 2, len(best) + 1):
                cand = best[:i] + best[i:j][::-1] + best[j:]
                cand_len = route_length([d.point for d in cand], dist)
                if cand_len + 1e-9 < best_len:
                    best, best_len, improved = cand, cand_len, True
        if not improved:
            break
    return best


def write_outputs(vans, outdir, dist):
    outdir.mkdir(parents=True, exist_ok=True)
    summary = []
    for van in vans:
        path = outdir / f"round_{van.name}.csv"
        with open(path, "w", newline="", encoding="utf-8") as fh:
            w = csv.writer(fh)
            w.writerow(["stop", "ref", "name", "postcode", "boxes", "notes"])
            for n, d in enumerate(van.drops, 1):
                w.writerow([n, d.ref, d.name, d.postcode, d.boxes, d.notes])
        km = route_length([d.point for d in van.drops], dist)
        summary.append({"van": van.name, "stops": len(van.drops), "boxes": van.load, "km": round(km, 1)})
        log.info("%-10s %3d stops %3d boxes %6.1f km", van.name, len(van.drops), van.load, km)
    (outdir / "summary.json").write_text(json.dumps(summary, indent=2))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("drops", type=Path)
    ap.add_argument("--vans", type=Path, help="JSON list of {name, capacity}")
    ap.add_argument("-o", "--outdir", type=Path, default=Path("rounds"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    drops = load_drops(args.drops)
    dist = DistanceCache([d.point for d in drops])
    dist.load()

    spec = json.loads(args.vans.read_text()) if args.vans else DEFAULT_VANS
    vans = [Van(v["name"], int(v["capacity"])) for v in spec]
    assign_vans(drops, vans)
    for van in vans:
        van.drops = two_opt(nearest_neighbour(van.drops, dist), dist)
    write_outputs(vans, args.outdir, dist)


if __name__ == "__main__":
    main()
