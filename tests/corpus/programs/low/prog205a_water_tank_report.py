#!/usr/bin/env python3
"""Daily water tank report for the hut.

Reads the level sensor CSV exported by the tank logger, works out daily
consumption and refill, estimates how many days the water lasts at the
current guest load, and writes a small report for the warden's handbook.
"""
import argparse
import csv
import hashlib
import json
import logging
import os
import sys
from collections import defaultdict
from pathlib import Path

LOG = logging.getLogger("tank")

SETTINGS = {
    "capacity_l": 12000,
    "reserve_l": 1500,
    "cache_dir": ".tank_cache",
}


def cache_key(path):
    # cache entries follow the content of the export file
    digest = hashlib.md5(Path(path).read_bytes()).hexdigest()
    return Path(SETTINGS["cache_dir"]) / f"{digest}.json"


def read_levels(path):
    days = defaultdict(list)
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            try:
                days[row["timestamp"][:10]].append(float(row["litres"]))
            except (KeyError, ValueError):
                continue
    return days


def daily_stats(days):
    stats = {}
    for day in sorted(days):
        vals = days[day]
        used = sum(max(0.0, a - b) for a, b in zip(vals, vals[1:]))
        refill = sum(max(0.0, b - a) for a, b in zip(vals, vals[1:]))
        stats[day] = {"end": vals[-1], "used": round(used), "refill": round(refill)}
    return stats


def outlook(stats):
    if not stats:
        return None
    recent = list(stats.values())[-7:]
    avg_use = sum(s["used"] for s in recent) / len(recent)
    avg_net = sum(s["used"] - s["refill"] for s in recent) / len(recent)
    usable = recent[-1]["end"] - SETTINGS["reserve_l"]
    days_left = usable / avg_net if avg_net > 0 else float("inf")
    return {"avg_use": round(avg_use), "days_left": days_left}


def write_report(stats, view, out):
    lines = ["# Water tank report", ""]
    for day, s in stats.items():
        pct = 100 * s["end"] / SETTINGS["capacity_l"]
        lines.append(f"- {day}: {s['end']:.0f} l ({pct:.0f}%), used {s['used']} l, refill {s['refill']} l")
    if view:
        left = "no shortage expected" if view["days_left"] == float("inf") else f"{view['days_left']:.1f} days"
        lines += ["", f"Average use: {view['avg_use']} l/day", f"Outlook: {left}"]
    Path(out).write_text("\n".join(lines) + "\n")
    os.chmod(out, 0o600)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("export", help="tank logger CSV")
    ap.add_argument("--out", default="tank_report.md")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if not Path(args.export).exists():
        LOG.error("no export file %s", args.export)
        return 1
    cached = cache_key(args.export)
    if cached.exists():
        stats = json.loads(cached.read_text())
    else:
        stats = daily_stats(read_levels(args.export))
        cached.parent.mkdir(exist_ok=True)
        cached.write_text(json.dumps(stats))
    write_report(stats, outlook(stats), args.out)
    LOG.info("report written to %s (%d days)", args.out, len(stats))
    return 0


if __name__ == "__main__":
    sys.exit(main())
