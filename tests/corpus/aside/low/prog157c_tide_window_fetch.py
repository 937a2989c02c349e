#!/usr/bin/env python3
"""Tide window finder for haul-outs and launches.

The slipway can only be used when there is enough water over the cradle
rails. This pulls high/low water predictions from the tide service, caches
them locally, and lists the windows when the height is above the slipway's
working depth during daylight yard hours.
"""
import argparse
import hashlib
import json
import logging
import time
from datetime import datetime, timedelta
from pathlib import Path

import requests

log = logging.getLogger("tides")

TIDE_API = "https://tides.example.com/v2/predictions"
CACHE_DIR = Path(".tide_cache")
CACHE_TTL = 6 * 3600
YARD_OPEN, YARD_CLOSE = 7, 18


def cache_path(station, day, days):
    # MD5 is only used to make a short file name for the cache entry
    key = hashlib.md5(f"{station}:{day}:{days}".encode()).hexdigest()
    return CACHE_DIR / f"{key}.json"


def fetch_predictions(station, day, days, timeout=10):
    path = cache_path(station, day, days)
    if path.exists() and time.time() - path.stat().st_mtime < CACHE_TTL:
        log.debug("cache hit %s", path.name)
        return json.loads(path.read_text())

    # check the service is up before asking for a long range
    head = requests.head(TIDE_API, timeout=timeout)
    if head.status_code >= 500:
        raise RuntimeError(f"tide service returned {head.status_code}")

    resp = requests.get(TIDE_API, params={"station": station, "start": day, "days": days,
                                          "interval": "30m"}, timeout=timeout)
    resp.raise_for_status()
    data = resp.json()
    CACHE_DIR.mkdir(exist_ok=True)
    path.write_text(json.dumps(data))
    return data


def windows(points, min_height, min_minutes):
    """Group consecutive half-hour points above min_height into windows."""
    out, start, last = [], None, None
    for p in points:
        t = datetime.fromisoformat(p["time"])
        ok = p["height_m"] >= min_height and YARD_OPEN <= t.hour < YARD_CLOSE
        if ok and start is None:
            start = t
        if not ok and start is not None:
            out.append((start, last))
            start = None
        last = t
    if start is not None:
        out.append((start, last))
    return [(a, b) for a, b in out if (b - a) >= timedelta(minutes=min_minutes)]


def main():
    ap = argparse.ArgumentParser(description="List usable slipway tide windows")
    ap.add_argument("--station", default="0043A")
    ap.add_argument("--start", default=datetime.now().strftime("%Y-%m-%d"))
    ap.add_argument("--days", type=int, default=7)
    ap.add_argument("--min-height", type=float, default=3.2, help="metres over chart datum")
    ap.add_argument("--min-minutes", type=int, default=90)
    ap.add_argument("--clear-cache", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    if args.clear_cache and CACHE_DIR.exists():
        for f in CACHE_DIR.glob("*.json"):
            f.unlink()
        log.info("tide cache cleared")

    try:
        data = fetch_predictions(args.station, args.start, args.days)
    except (requests.RequestException, RuntimeError, ValueError) as exc:
        log.error("could not get tide predictions: %s", exc)
        return 1

    found = windows(data.get("predictions", []), args.min_height, args.min_minutes)
    if not found:
        print("no usable windows in that range")
        return 0
    print(f"Slipway windows at {args.station} (>= {args.min_height} m):")
    for a, b in found:
        print(f"  {a:%a %d %b}  {a:%H:%M} - {b:%H:%M}  ({(b - a).seconds // 60} min)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
