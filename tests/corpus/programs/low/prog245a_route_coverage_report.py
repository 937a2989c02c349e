#!/usr/bin/env python3
"""Shift coverage report: which street segments each plow route actually hit.

Reads the route definitions (segment id + midpoint) and the shift's GPS
pings from the working directory, marks a segment as covered when any ping
of that route falls within the tolerance of its midpoint, and writes a
per-route coverage table for the morning briefing.
"""

import argparse
import csv
import logging
import math
import sys
from collections import defaultdict
from pathlib import Path

log = logging.getLogger("coverage")


class Segment:
    __slots__ = ("seg_id", "route", "lat", "lon", "priority", "covered")

    def __init__(self, seg_id, route, lat, lon, priority):
        self.seg_id = seg_id
        self.route = route
        self.lat = lat
        self.lon = lon
        self.priority = priority
        self.covered = False


def metres_between(lat1, lon1, lat2, lon2) -> float:
    r = 6371000.0
    p1, p2 = math.radians(lat1), math.radians(lat2)
    dp, dl = p2 - p1, math.radians(lon2 - lon1)
    h = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 2 * r * math.asin(math.sqrt(h))


def load_segments(path: Path):
    by_route = defaultdict(list)
    with path.open(newline="") as fh:
        for row in csv.DictReader(fh):
            try:
                seg = Segment(row["segment_id"], row["route"], float(row["lat"]),
                              float(row["lon"]), int(row.get("priority") or 3))
            except (KeyError, ValueError) as exc:
                log.warning("skipping bad segment row %s: %s", row, exc)
                continue
            by_route[seg.route].append(seg)
    return by_route


def apply_pings(path: Path, by_route, tolerance_m: float) -> int:
    count = 0
    with path.open(newline="") as fh:
        for row in csv.DictReader(fh):
            route = row.get("route")
            if route not in by_route:
                continue
            try:
                lat, lon = float(row["lat"]), float(row["lon"])
            except (KeyError, ValueError):
                continue
            count += 1
            for seg in by_route[route]:
                if not seg.covered and metres_between(lat, lon, seg.lat, seg.lon) <= tolerance_m:
                    seg.covered = True
    return count


def write_report(by_route, out: Path) -> None:
    with out.open("w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["route", "segments", "covered", "percent", "missed_priority1"])
        for route in sorted(by_route):
            segs = by_route[route]
            covered = sum(s.covered for s in segs)
            missed_p1 = [s.seg_id for s in segs if s.priority == 1 and not s.covered]
            pct = 100.0 * covered / len(segs) if segs else 0.0
            w.writerow([route, len(segs), covered, f"{pct:.1f}", ";".join(missed_p1)])
            if missed_p1:
                log.warning("route %s missed priority-1 segments: %s", route, ", ".join(missed_p1))


def main() -> int:
    parser = argparse.ArgumentParser(description="plow route coverage report")
    parser.add_argument("--segments", default="segments.csv")
    parser.add_argument("--pings", default="pings.csv")
    parser.add_argument("--tolerance", type=float, default=40.0, help="metres")
    parser.add_argument("--out", default="coverage_report.csv")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    seg_path, ping_path = Path(args.segments), Path(args.pings)
    for p in (seg_path, ping_path):
        if not p.exists():
            log.error("missing input %s", p)
            return 1
    by_route = load_segments(seg_path)
    n = apply_pings(ping_path, by_route, args.tolerance)
    log.info("%d pings applied across %d routes", n, len(by_route))
    write_report(by_route, Path(args.out))
    log.info("report written to %s", args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
