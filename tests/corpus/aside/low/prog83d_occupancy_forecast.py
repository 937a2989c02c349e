#!/usr/bin/env python3
"""Fourteen-day occupancy pickup forecast for the revenue meeting.

Pulls on-the-books room nights for the next two weeks from the PMS and
compares them with the same-day snapshots of previous weeks to project
final occupancy per night. PMS responses are cached on disk for an hour
so re-running during the meeting does not hammer the PMS.
"""

import argparse
import csv
import hashlib
import json
import logging
import shutil
import sys
import time
import urllib.parse
import urllib.request
from datetime import date, timedelta
from pathlib import Path

log = logging.getLogger("forecast")

CACHE_DIR = Path(".cache/occupancy")
CACHE_TTL = 3600


def cache_path(url):
    key = hashlib.md5(url.encode("utf-8")).hexdigest()
    return CACHE_DIR / f"{key}.json"


def get_json(url, timeout=15):
    path = cache_path(url)
    if path.exists() and time.time() - path.stat().st_mtime < CACHE_TTL:
        return json.loads(path.read_text())
    req = urllib.request.Request(url, headers={"Accept": "application/json",
                                               "User-Agent": "occupancy-forecast/0.9"})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        data = json.load(resp)
    CACHE_DIR.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data))
    return data


def otb(base, property_id, stay_from, stay_to, as_of):
    query = urllib.parse.urlencode({
        "property": property_id,
        "from": stay_from.isoformat(),
        "to": stay_to.isoformat(),
        "as_of": as_of.isoformat(),
    })
    data = get_json(f"{base}/reports/otb?{query}")
    return {row["date"]: int(row["rooms"]) for row in data.get("nights", [])}


def pickup_ratios(base, property_id, today, horizon, weeks):
    """Average final/booked-at-lead-time ratio per lead time, over past weeks."""
    sums = [0.0] * horizon
    counts = [0] * horizon
    for w in range(1, weeks + 1):
        snap = today - timedelta(weeks=w)
        then = otb(base, property_id, snap, snap + timedelta(days=horizon - 1), snap)
        final = otb(base, property_id, snap, snap + timedelta(days=horizon - 1), today)
        for lead in range(horizon):
            d = (snap + timedelta(days=lead)).isoformat()
            if then.get(d):
                sums[lead] += final.get(d, 0) / then[d]
                counts[lead] += 1
    return [sums[i] / counts[i] if counts[i] else 1.0 for i in range(horizon)]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pms", default="https://pms.seaview-hotel.example/api/v1")
    ap.add_argument("--property", default="SEAVIEW")
    ap.add_argument("--rooms", type=int, default=38, help="sellable rooms")
    ap.add_argument("--horizon", type=int, default=14)
    ap.add_argument("--weeks", type=int, default=6)
    ap.add_argument("--out", default="forecast.csv")
    ap.add_argument("--clear-cache", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.clear_cache and CACHE_DIR.exists():
        shutil.rmtree(CACHE_DIR)
        log.info("cache cleared")

    today = date.today()
    try:
        current = otb(args.pms, args.property, today,
                      today + timedelta(days=args.horizon - 1), today)
        ratios = pickup_ratios(args.pms, args.property, today, args.horizon, args.weeks)
    except (OSError, ValueError, KeyError) as exc:
        log.error("PMS query failed: %s", exc)
        return 1

    with open(args.out, "w", newline="") as fh:
        writer = csv.writer(fh)
        writer.writerow(["date", "on_books", "pickup_ratio", "forecast_rooms", "forecast_occ"])
        for lead in range(args.horizon):
            d = (today + timedelta(days=lead)).isoformat()
            booked = current.get(d, 0)
            projected = min(args.rooms, round(booked * ratios[lead]))
            writer.writerow([d, booked, f"{ratios[lead]:.2f}", projected,
                             f"{projected / args.rooms:.0%}"])
    log.info("forecast for %d nights written to %s", args.horizon, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
