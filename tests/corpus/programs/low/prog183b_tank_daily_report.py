#!/usr/bin/env python3
"""Daily tank summary for the shop's dashboard service.

Reads the temperature CSVs written by the tank agent, works out min/max/mean
per tank for the day and posts the summary to the dashboard API.
"""

import argparse
import csv
import logging
import os
import statistics
from collections import defaultdict
from datetime import date
from pathlib import Path

import requests

LOG = logging.getLogger("tank_report")

DATA_DIR = Path(os.environ.get("TANK_DATA_DIR", "./tank_data"))
DASHBOARD_URL = os.environ.get("DASHBOARD_URL",
                               "https://dashboard.coralcove-aquatics.example.com/api/v1/daily")
DASHBOARD_KEY = os.environ.get("DASHBOARD_API_KEY")

SAFE_RANGE = {"reef": (24.0, 26.5), "cichlid": (24.0, 28.0), "default": (22.0, 27.0)}


def range_for(tank):
    for prefix, rng in SAFE_RANGE.items():
        if tank.startswith(prefix):
            return rng
    return SAFE_RANGE["default"]


def read_day(day):
    path = DATA_DIR / f"temps_{day:%Y%m%d}.csv"
    readings = defaultdict(list)
    if not path.exists():
        LOG.warning("no data file %s", path)
        return readings
    with path.open(newline="") as fh:
        for row in csv.DictReader(fh):
            try:
                readings[row["tank"]].append(float(row["temp_c"]))
            except (KeyError, ValueError):
                continue
    return readings


def summarise(readings):
    summary = []
    for tank, temps in sorted(readings.items()):
        lo, hi = range_for(tank)
        summary.append({
            "tank": tank,
            "samples": len(temps),
            "min": min(temps),
            "max": max(temps),
            "mean": round(statistics.mean(temps), 2),
            "out_of_range": sum(1 for t in temps if not lo <= t <= hi),
        })
    return summary


def post_summary(day, summary):
    if not DASHBOARD_KEY:
        LOG.error("DASHBOARD_API_KEY not set, not posting")
        return False
    payload = {"date": day.isoformat(), "tanks": summary}
    resp = requests.post(DASHBOARD_URL, json=payload, timeout=15,
                         headers={"Authorization": f"Bearer {DASHBOARD_KEY}"})
    if resp.ok:
        LOG.info("posted summary for %d tanks", len(summary))
        return True
    LOG.error("dashboard returned %s: %s", resp.status_code, resp.text[:200])
    return False


def main():
    ap = argparse.ArgumentParser(description="Daily tank temperature summary")
    ap.add_argument("--date", type=date.fromisoformat, default=date.today())
    ap.add_argument("--no-post", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    summary = summarise(read_day(args.date))
    for s in summary:
        flag = "  <-- check" if s["out_of_range"] else ""
        print(f"{s['tank']:<12} n={s['samples']:<4} "
              f"min={s['min']:.2f} max={s['max']:.2f} mean={s['mean']:.2f}{flag}")
    if not summary:
        return 1
    if not args.no_post:
        return 0 if post_summary(args.date, summary) else 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
