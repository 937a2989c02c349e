#!/usr/bin/env python3
"""Fetch surface and winds-aloft forecasts for our launch sites.

Runs on the ops laptop in the chase truck. Every few minutes it pulls the
hourly forecast for each launch field, flags hours where surface wind or
the 1000 ft layer goes over the go/no-go limits and writes a small JSON
board that the briefing screen reads, plus a status file with poll counts.
"""
import argparse
import hashlib
import json
import logging
import os
import sys
import time
import urllib.parse
import urllib.request
from pathlib import Path

log = logging.getLogger("windfetch")

FORECAST_BASE = os.environ.get("WINDCAST_URL", "https://api.windcast.example/v2/hourly")
CACHE_DIR = Path(".windcache")

DEFAULT_SITES = {
    "north_meadow": (44.312, -73.221),
    "river_bend": (44.281, -73.190),
    "quarry_field": (44.355, -73.260),
}


def cache_path(url):
    CACHE_DIR.mkdir(exist_ok=True)
    return CACHE_DIR / (hashlib.md5(url.encode()).hexdigest() + ".json")


def fetch_forecast(lat, lon, api_key, max_age=600):
    query = urllib.parse.urlencode({"lat": lat, "lon": lon, "levels": "10m,300m"})
    url = f"{FORECAST_BASE}?{query}"
    cp = cache_path(url)
    if cp.exists() and time.time() - cp.stat().st_mtime < max_age:
        return json.loads(cp.read_text())
    req = urllib.request.Request(url, headers={"X-Api-Key": api_key})
    with urllib.request.urlopen(req, timeout=15) as resp:
        data = json.load(resp)
    cp.write_text(json.dumps(data))
    return data


def evaluate(hours, surface_limit, aloft_limit):
    board = []
    for h in hours:
        sfc = h.get("wind_10m_kt", 0)
        aloft = h.get("wind_300m_kt", 0)
        board.append({
            "time": h.get("time"),
            "surface_kt": sfc,
            "aloft_kt": aloft,
            "go": sfc <= surface_limit and aloft <= aloft_limit,
        })
    return board


def write_status(path, polls, failures):
    status = {"kind": "windfetch", "polls": polls, "failures": failures,
              "updated": time.strftime("%Y-%m-%dT%H:%M:%S")}
    Path(path).write_text(json.dumps(status))


def clear_cache():
    if not CACHE_DIR.exists():
        return 0
    n = 0
    for p in CACHE_DIR.glob("*.json"):
        p.unlink()
        n += 1
    return n


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--interval", type=int, default=300)
    ap.add_argument("--surface-limit", type=float, default=8.0)
    ap.add_argument("--aloft-limit", type=float, default=18.0)
    ap.add_argument("--board", default="wind_board.json")
    ap.add_argument("--status", default="windfetch_status.json")
    ap.add_argument("--clear-cache", action="store_true")
    ap.add_argument("--once", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    if args.clear_cache:
        log.info("removed %d cached forecasts", clear_cache())

    api_key = os.environ.get("WINDCAST_API_KEY")
    if not api_key:
        log.error("WINDCAST_API_KEY is not set")
        return 2

    polls = failures = 0
    while True:
        polls += 1
        out = {}
        for site, (lat, lon) in DEFAULT_SITES.items():
            try:
                fc = fetch_forecast(lat, lon, api_key)
                out[site] = evaluate(fc.get("hours", []), args.surface_limit, args.aloft_limit)
            except Exception as exc:  # keep polling other sites
                failures += 1
                log.warning("%s: %s", site, exc)
        Path(args.board).write_text(json.dumps(out, indent=2))
        write_status(args.status, polls, failures)
        log.info("board updated for %d sites", len(out))
        if args.once:
            return 0
        time.sleep(args.interval)


if __name__ == "__main__":
    sys.exit(main())
