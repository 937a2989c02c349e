#!/usr/bin/env python3
"""Battery health report for the birds' GPS tags.

Reads the per-tag daily CSVs in ./telemetry, fits a simple discharge
rate per tag, and flags tags that will need a battery swap within the
next few days. Results go to ./build/battery_report.csv plus a summary on
stdout. Also checks that the map tile server the keepers' tablets use is
up, since that is the usual follow-up question.
"""
import argparse
import csv
import logging
import os
import shutil
import urllib.request
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

LOG = logging.getLogger("battery")

TILE_SERVER = "https://tiles.example.com/"
BUILD = Path("build")
CUTOFF_MV = 3450  # tag firmware stops logging below this


def cpu_count():
    """Count processors from /proc/cpuinfo; fall back to os.cpu_count()."""
    try:
        with open("/proc/cpuinfo") as fh:
            n = sum(1 for line in fh if line.startswith("processor"))
        return max(1, n)
    except OSError:
        return os.cpu_count() or 1


def analyse(path):
    """Return (tag, last_mv, mv_per_day) for one tag's CSV files."""
    tag = path.name
    points = []
    for f in sorted(path.parent.glob(f"{tag}_*.csv")):
        with f.open(newline="") as fh:
            for row in csv.DictReader(fh):
                try:
                    points.append((int(row["ts"]), int(row["batt_mv"])))
                except (KeyError, ValueError):
                    continue
    if len(points) < 2:
        return tag, None, None
    points.sort()
    (t0, v0), (t1, v1) = points[0], points[-1]
    days = max((t1 - t0) / 86400.0, 1e-6)
    return tag, v1, (v0 - v1) / days


def tile_server_up():
    req = urllib.request.Request(TILE_SERVER, method="HEAD")
    try:
        with urllib.request.urlopen(req, timeout=5) as resp:
            return resp.status < 400
    except OSError:
        return False


def main():
    ap = argparse.ArgumentParser(description="GPS tag battery report")
    ap.add_argument("--src", type=Path, default=Path("telemetry"))
    ap.add_argument("--warn-days", type=float, default=5.0)
    ap.add_argument("--clean", action="store_true",
                    help="remove the previous build output first")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.clean and BUILD.exists():
        shutil.rmtree(BUILD)
        LOG.info("removed old %s/", BUILD)
    BUILD.mkdir(exist_ok=True)

    tags = sorted({p.name.split("_", 1)[0] for p in args.src.glob("*_*.csv")})
    if not tags:
        LOG.error("no telemetry CSVs found in %s", args.src)
        return 1
    workers = min(cpu_count(), len(tags))
    LOG.info("analysing %d tags with %d workers", len(tags), workers)
    with ProcessPoolExecutor(max_workers=workers) as pool:
        results = list(pool.map(analyse, [args.src / t for t in tags]))

    soon = defaultdict(list)
    out = BUILD / "battery_report.csv"
    with out.open("w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["tag", "last_mv", "mv_per_day", "days_left"])
        for tag, last, rate in results:
            if last is None:
                w.writerow([tag, "", "", ""])
                continue
            days_left = (last - CUTOFF_MV) / rate if rate > 0 else float("inf")
            w.writerow([tag, last, f"{rate:.1f}", f"{days_left:.1f}"])
            if days_left <= args.warn_days:
                soon["swap"].append((tag, days_left))

    print(f"report written to {out}")
    for tag, d in sorted(soon["swap"], key=lambda x: x[1]):
        print(f"  swap battery on {tag}: about {max(d, 0):.1f} day(s) left")
    if not soon["swap"]:
        print("  no battery swaps due")
    print("tile server:", "up" if tile_server_up() else "NOT reachable")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
