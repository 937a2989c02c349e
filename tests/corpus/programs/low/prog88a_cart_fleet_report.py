#!/usr/bin/env python3
"""Weekly cart fleet utilisation report.

Reads the per-cart GPS logs the dispatch board archives (one CSV per cart per
day under ./gps_logs/YYYY-MM-DD/CART.csv), works out distance driven, hours in
use and lowest battery for each cart, writes a CSV report and posts the
summary to the fleet maintenance API so the cart mechanic sees which carts
need rotating or charging attention.
"""
import argparse
import csv
import datetime as dt
import logging
import math
import os
import sys
from collections import defaultdict
from pathlib import Path

import requests

log = logging.getLogger("fleet-report")

EARTH_R_M = 6_371_000
IDLE_GAP_S = 600
FLEET_API = os.environ.get("FLEET_API_URL", "https://fleet.cartcare.example/api/v1")


def haversine(lat1, lon1, lat2, lon2):
    p1, p2 = math.radians(lat1), math.radians(lat2)
    dp, dl = p2 - p1, math.radians(lon2 - lon1)
    a = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 2 * EARTH_R_M * math.asin(math.sqrt(a))


def read_fixes(path):
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            try:
                yield float(row["ts"]), float(row["lat"]), float(row["lon"]), int(row["battery"])
            except (KeyError, ValueError):
                continue


def summarise_day(path):
    dist = used = 0.0
    low_batt = 100
    prev = None
    for ts, lat, lon, batt in sorted(read_fixes(path)):
        low_batt = min(low_batt, batt)
        if prev:
            gap = ts - prev[0]
            if gap < IDLE_GAP_S:
                used += gap
                step = haversine(prev[1], prev[2], lat, lon)
                if step < 200:  # ignore GPS jumps
                    dist += step
        prev = (ts, lat, lon)
    return dist, used, low_batt


def collect(log_root, start, days):
    totals = defaultdict(lambda: {"km": 0.0, "hours": 0.0, "days": 0, "min_battery": 100})
    for offset in range(days):
        day = start + dt.timedelta(days=offset)
        folder = log_root / day.isoformat()
        if not folder.is_dir():
            continue
        for f in sorted(folder.glob("*.csv")):
            dist, used, low = summarise_day(f)
            t = totals[f.stem]
            t["km"] += dist / 1000
            t["hours"] += used / 3600
            t["days"] += 1 if used > 0 else 0
            t["min_battery"] = min(t["min_battery"], low)
    return dict(totals)


def write_report(totals, path):
    with open(path, "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["cart", "km", "hours", "days_used", "min_battery"])
        for cart, t in sorted(totals.items()):
            w.writerow([cart, f"{t['km']:.1f}", f"{t['hours']:.1f}", t["days"], t["min_battery"]])
    log.info("wrote %s (%d carts)", path, len(totals))


def post_summary(totals, week_start):
    key = os.environ.get("FLEET_API_KEY")
    if not key:
        log.warning("FLEET_API_KEY not set, not posting summary")
        return False
    payload = {
        "week_start": week_start.isoformat(),
        "carts": [{"cart": c, **{k: round(v, 2) if isinstance(v, float) else v for k, v in t.items()}}
                  for c, t in sorted(totals.items())],
    }
    resp = requests.post(f"{FLEET_API}/utilisation", json=payload,
                         headers={"Authorization": f"Bearer {key}"}, timeout=20)
    resp.raise_for_status()
    log.info("posted summary for %d carts", len(payload["carts"]))
    return True


def main():
    ap = argparse.ArgumentParser(description="Cart fleet utilisation report")
    ap.add_argument("--logs", default="gps_logs")
    ap.add_argument("--week-start", type=dt.date.fromisoformat,
                    default=dt.date.today() - dt.timedelta(days=dt.date.today().weekday() + 7))
    ap.add_argument("--days", type=int, default=7)
    ap.add_argument("--out", default=None)
    ap.add_argument("--no-post", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    totals = collect(Path(args.logs), args.week_start, args.days)
    if not totals:
        log.error("no GPS logs found under %s for week of %s", args.logs, args.week_start)
        return 1
    write_report(totals, args.out or f"fleet_{args.week_start}.csv")
    if not args.no_post:
        try:
            post_summary(totals, args.week_start)
        except requests.RequestException as exc:
            log.error("could not post summary: %s", exc)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
