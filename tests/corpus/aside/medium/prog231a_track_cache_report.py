#!/usr/bin/env python3
"""track_cache_report.py - distance and fishing-time report from cached VMS tracks.

The VMS import job caches parsed position tracks per vessel in
./cache/tracks.pkl (a dict of vessel id -> list of (timestamp, lat, lon,
speed_kn) tuples) so that reports do not have to re-parse the raw NMEA
files. This tool loads that cache, computes distance steamed and time
spent at fishing speed per vessel, and writes a CSV report.

Usage:
    track_cache_report.py [--cache ./cache/tracks.pkl] [--out report.csv]
                          [--fishing-max-kn 4.5] [--vessel ID ...]
"""

import argparse
import csv
import logging
import math
import pickle
import sys
from dataclasses import dataclass
from pathlib import Path

EARTH_RADIUS_NM = 3440.065

log = logging.getLogger("track-report")


@dataclass
class VesselSummary:
    vessel: str
    fixes: int = 0
    distance_nm: float = 0.0
    fishing_hours: float = 0.0
    steaming_hours: float = 0.0


def haversine_nm(lat1, lon1, lat2, lon2) -> float:
    p1, p2 = math.radians(lat1), math.radians(lat2)
    dp = p2 - p1
    dl = math.radians(lon2 - lon1)
    a = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 2 * EARTH_RADIUS_NM * math.asin(math.sqrt(a))


def load_cache(path: Path) -> dict:
    with path.open("rb") as fh:
        tracks = pickle.load(fh)
    if not isinstance(tracks, dict):
        raise ValueError("track cache is not a dict")
    log.info("loaded %d vessel tracks from %s", len(tracks), path)
    return tracks


def summarise(vessel: str, fixes: list, fishing_max_kn: float) -> VesselSummary:
    summary = VesselSummary(vessel=vessel, fixes=len(fixes))
    fixes = sorted(fixes, key=lambda f: f[0])
    for prev, cur in zip(fixes, fixes[1:]):
        t0, lat0, lon0, _ = prev
        t1, lat1, lon1, speed = cur
        hours = (t1 - t0).total_seconds() / 3600.0
        if hours <= 0 or hours > 6:
            # gap in reporting; do not attribute the time
            continue
        summary.distance_nm += haversine_nm(lat0, lon0, lat1, lon1)
        if 0.5 <= speed <= fishing_max_kn:
            summary.fishing_hours += hours
        elif speed > fishing_max_kn:
            summary.steaming_hours += hours
    return summary


def write_report(summaries: list, out: Path) -> None:
    with out.open("w", newline="", encoding="utf-8") as fh:
        writer = csv.writer(fh)
        writer.writerow(["vessel", "fixes", "distance_nm", "fishing_h", "steaming_h"])
        for s in summaries:
            writer.writerow([s.vessel, s.fixes, f"{s.distance_nm:.1f}",
                             f"{s.fishing_hours:.1f}", f"{s.steaming_hours:.1f}"])
    log.info("report written to %s", out)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cache", type=Path, default=Path("./cache/tracks.pkl"))
    ap.add_argument("--out", type=Path, default=Path("track_report.csv"))
    ap.add_argument("--fishing-max-kn", type=float, default=4.5)
    ap.add_argument("--vessel", nargs="*", help="restrict to these vessel ids")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        tracks = load_cache(args.cache)
    except (OSError, pickle.UnpicklingError, ValueError) as exc:
        log.error("cannot load track cache: %s", exc)
        return 2

    wanted = set(args.vessel or tracks.keys())
    summaries = []
    for vessel in sorted(wanted):
        fixes = tracks.get(vessel)
        if not fixes:
            log.warning("no track for %s", vessel)
            continue
        summaries.append(summarise(vessel, fixes, args.fishing_max_kn))
    if not summaries:
        log.error("nothing to report")
        return 1
    write_report(summaries, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
