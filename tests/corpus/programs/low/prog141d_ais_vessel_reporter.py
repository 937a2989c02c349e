#!/usr/bin/env python3
"""Daily vessel traffic report for the station's sector.

Pulls the AIS vessel positions for our sector from the coastguard AIS
data service, counts traffic by ship type and posts the daily summary back
to the same service's reporting endpoint. Responses are cached in ./cache
so re-running the report during the day doesn't hammer the API.
"""
import argparse
import hashlib
import json
import logging
import os
import sys
import time
from collections import Counter
from pathlib import Path

import requests

log = logging.getLogger("aisreport")

API_BASE = os.environ.get("AIS_API_BASE", "https://ais.example.com/v1")
CACHE_DIR = Path("cache")
CACHE_TTL = 15 * 60

SHIP_TYPES = {
    range(30, 31): "fishing", range(36, 38): "pleasure", range(50, 60): "special",
    range(60, 70): "passenger", range(70, 80): "cargo", range(80, 90): "tanker",
}


def ship_type_name(code):
    for r, name in SHIP_TYPES.items():
        if code in r:
            return name
    return "other"


def cache_path(url, params):
    # cache key only, not a security use
    key = hashlib.md5(f"{url}?{sorted(params.items())}".encode(),
                      usedforsecurity=False).hexdigest()
    return CACHE_DIR / f"{key}.json"


def get_json(url, params, headers):
    CACHE_DIR.mkdir(exist_ok=True)
    path = cache_path(url, params)
    if path.exists() and time.time() - path.stat().st_mtime < CACHE_TTL:
        return json.loads(path.read_text())
    resp = requests.get(url, params=params, headers=headers, timeout=20)
    resp.raise_for_status()
    data = resp.json()
    path.write_text(json.dumps(data))
    return data


def prune_cache():
    """Remove our own stale cache files."""
    removed = 0
    for f in CACHE_DIR.glob("*.json"):
        if time.time() - f.stat().st_mtime > 24 * 3600:
            f.unlink()
            removed += 1
    if removed:
        log.info("pruned %d stale cache files", removed)


def build_summary(sector, vessels):
    by_type = Counter(ship_type_name(v.get("ship_type", 0)) for v in vessels)
    return {
        "sector": sector,
        "date": time.strftime("%Y-%m-%d"),
        "unique_vessels": len({v["mmsi"] for v in vessels}),
        "by_type": dict(by_type),
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--sector", default="NHL")
    ap.add_argument("--bbox", default="-5.8,49.9,-5.0,50.3",
                    help="lon_min,lat_min,lon_max,lat_max")
    ap.add_argument("--no-post", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    api_key = os.environ.get("AIS_API_KEY")
    if not api_key:
        log.error("AIS_API_KEY is not set")
        return 1
    headers = {"X-Api-Key": api_key, "Accept": "application/json"}

    try:
        vessels = get_json(f"{API_BASE}/positions", {"bbox": args.bbox}, headers)["vessels"]
    except (requests.RequestException, KeyError, ValueError) as exc:
        log.error("could not load positions: %s", exc)
        return 2

    summary = build_summary(args.sector, vessels)
    print(json.dumps(summary, indent=2))

    if not args.no_post:
        try:
            r = requests.post(f"{API_BASE}/reports/daily", json=summary,
                              headers=headers, timeout=20)
            r.raise_for_status()
            log.info("summary posted (%s)", r.status_code)
        except requests.RequestException as exc:
            log.error("posting summary failed: %s", exc)
            return 3
    prune_cache()
    return 0


if __name__ == "__main__":
    sys.exit(main())
