#!/usr/bin/env python3
"""Summarise plow routes from the track cache.

The map service stores each plow's parsed track for a shift as a cached
Python object under ./track_cache/ so re-rendering is fast.  This tool
loads those caches (or rebuilds them from the raw CSV pings) and prints
distance driven and time spent per route for the shift report.
"""

import argparse
import csv
import hashlib
import logging
import math
import pickle
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import List, Tuple

CACHE_DIR = Path("./track_cache")
RAW_DIR = Path("./pings")

log = logging.getLogger("track_cache")


@dataclass
class Track:
    unit: str
    route: str
    points: List[Tuple[float, float, float]] = field(default_factory=list)  # ts, lat, lon

    def distance_km(self) -> float:
        total = 0.0
        for (_, a_lat, a_lon), (_, b_lat, b_lon) in zip(self.points, self.points[1:]):
            total += haversine(a_lat, a_lon, b_lat, b_lon)
        return total

    def hours(self) -> float:
        if len(self.points) < 2:
            return 0.0
        return (self.points[-1][0] - self.points[0][0]) / 3600.0


def haversine(lat1, lon1, lat2, lon2) -> float:
    r = 6371.0
    p1, p2 = math.radians(lat1), math.radians(lat2)
    dp, dl = p2 - p1, math.radians(lon2 - lon1)
    h = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 2 * r * math.asin(math.sqrt(h))


def cache_key(csv_path: Path) -> str:
    st = csv_path.stat()
    return hashlib.md5(f"{csv_path}:{st.st_size}:{st.st_mtime}".encode()).hexdigest()


def build_track(csv_path: Path) -> Track:
    track = None
    with csv_path.open(newline="") as fh:
        for row in csv.DictReader(fh):
            if track is None:
                track = Track(unit=row["unit"], route=row["route"])
            track.points.append((float(row["ts"]), float(row["lat"]), float(row["lon"])))
    return track or Track(unit=csv_path.stem, route="unknown")


def load_track(csv_path: Path) -> Track:
    cached = CACHE_DIR / f"{cache_key(csv_path)}.pkl"
    if cached.exists():
        try:
            with cached.open("rb") as fh:
                return pickle.load(fh)
        except (pickle.UnpicklingError, EOFError) as exc:
            log.warning("bad cache %s (%s), rebuilding", cached.name, exc)
    track = build_track(csv_path)
    CACHE_DIR.mkdir(exist_ok=True)
    with cached.open("wb") as fh:
        pickle.dump(track, fh)
    return track


def main() -> int:
    parser = argparse.ArgumentParser(description="route summary from track cache")
    parser.add_argument("--raw", default=str(RAW_DIR))
    parser.add_argument("--route", help="only this route")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    raw = Path(args.raw)
    files = sorted(raw.glob("*.csv"))
    if not files:
        log.error("no ping files in %s", raw)
        return 1
    per_route = {}
    for f in files:
        t = load_track(f)
        if args.route and t.route != args.route:
            continue
        km, hrs = per_route.get(t.route, (0.0, 0.0))
        per_route[t.route] = (km + t.distance_km(), hrs + t.hours())
    for route, (km, hrs) in sorted(per_route.items()):
        print(f"{route:<12} {km:8.1f} km  {hrs:5.1f} h")
    return 0


if __name__ == "__main__":
    sys.exit(main())
