#!/usr/bin/env python3
"""Morning conditions board for the dive sites.

Fetches wind, swell and tide forecasts for each dive site from the marine
forecast API, caches the responses for an hour, and prints a go / caution /
no-go board for the morning briefing.
"""
import argparse
import hashlib
import json
import logging
import os
import shutil
import time
from pathlib import Path

import requests

LOG = logging.getLogger("conditions")

API = "https://marine.example.com/v2/forecast"
CACHE_DIR = Path(".conditions_cache")
CACHE_TTL = 3600

SITES = {
    "House Reef": (27.912, 34.331),
    "Blue Hole": (28.572, 34.537),
    "Wreck Point": (27.815, 34.118),
    "Coral Garden": (27.958, 34.402),
}

LIMITS = {"wind_kt": (15, 22), "swell_m": (1.2, 2.0)}


def cache_key(url, params):
    # stable file name for a request; not security relevant
    raw = url + json.dumps(params, sort_keys=True)
    return hashlib.md5(raw.encode()).hexdigest()


def cached_get(url, params, refresh=False):
    CACHE_DIR.mkdir(exist_ok=True)
    path = CACHE_DIR / f"{cache_key(url, params)}.json"
    if not refresh and path.exists() and time.time() - path.stat().st_mtime < CACHE_TTL:
        return json.loads(path.read_text())
    resp = requests.get(url, params=params, timeout=10)
    resp.raise_for_status()
    data = resp.json()
    path.write_text(json.dumps(data))
    return data


def api_reachable():
    try:
        return requests.head(API, timeout=5).status_code < 500
    except requests.RequestException:
        return False


def rate(value, limits):
    caution, nogo = limits
    if value >= nogo:
        return "NO-GO"
    if value >= caution:
        return "CAUTION"
    return "GO"


def board(refresh=False):
    rows = []
    for site, (lat, lon) in SITES.items():
        try:
            fc = cached_get(API, {"lat": lat, "lon": lon, "hours": 6}, refresh=refresh)
        except requests.RequestException as exc:
            LOG.warning("no forecast for %s: %s", site, exc)
            rows.append((site, "-", "-", "UNKNOWN"))
            continue
        wind = max(h.get("wind_kt", 0) for h in fc.get("hourly", [{}]))
        swell = max(h.get("swell_m", 0) for h in fc.get("hourly", [{}]))
        verdicts = [rate(wind, LIMITS["wind_kt"]), rate(swell, LIMITS["swell_m"])]
        worst = "NO-GO" if "NO-GO" in verdicts else "CAUTION" if "CAUTION" in verdicts else "GO"
        rows.append((site, f"{wind:.0f} kt", f"{swell:.1f} m", worst))
    return rows


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--refresh", action="store_true", help="ignore cached forecasts")
    parser.add_argument("--clear-cache", action="store_true", help="delete the local cache and exit")
    args = parser.parse_args()
    logging.basicConfig(level=os.environ.get("LOGLEVEL", "INFO"), format="%(message)s")

    if args.clear_cache:
        shutil.rmtree(CACHE_DIR, ignore_errors=True)
        LOG.info("cache cleared")
        return 0
    if not api_reachable():
        LOG.warning("forecast API not reachable, using cache where possible")

    print(f"{'Site':<14}{'Wind':>8}{'Swell':>8}  Verdict")
    for site, wind, swell, verdict in board(args.refresh):
        print(f"{site:<14}{wind:>8}{swell:>8}  {verdict}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
