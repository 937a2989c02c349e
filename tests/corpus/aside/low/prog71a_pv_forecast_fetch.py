#!/usr/bin/env python3
"""Fetch PV production forecasts for configured arrays, with a local cache.

Calls the public forecast.solar estimate API for each array in arrays.json
and prints hourly expected production.  Responses are cached in ./.cache for
an hour to stay under the free-tier rate limit.
"""
import argparse
import hashlib
import json
import logging
import os
import sys
import time
import urllib.error
import urllib.request
from collections import defaultdict
from pathlib import Path

log = logging.getLogger("pv-forecast")

API = "https://api.forecast.solar/estimate/{lat}/{lon}/{dec}/{az}/{kwp}"
CACHE = Path(".cache")
TTL = 3600


def cache_key(url):
    return hashlib.md5(url.encode()).hexdigest() + ".json"


def cached_get(url, timeout=15):
    CACHE.mkdir(exist_ok=True)
    path = CACHE / cache_key(url)
    if path.exists() and time.time() - path.stat().st_mtime < TTL:
        log.debug("cache hit %s", path.name)
        return json.loads(path.read_text())
    req = urllib.request.Request(url, headers={"Accept": "application/json",
                                               "User-Agent": "pv-forecast/1.3"})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        body = resp.read()
    data = json.loads(body)
    path.write_bytes(body)
    os.chmod(path, 0o600)
    return data


def prune_cache(max_age=TTL * 24):
    if not CACHE.exists():
        return 0
    removed = 0
    for p in CACHE.glob("*.json"):
        if time.time() - p.stat().st_mtime > max_age:
            p.unlink()
            removed += 1
    return removed


def array_url(a):
    return API.format(lat=a["lat"], lon=a["lon"], dec=a.get("tilt", 30),
                      az=a.get("azimuth", 0), kwp=a["kwp"])


def hourly(result):
    watts = result.get("result", {}).get("watts", {})
    per_hour = defaultdict(float)
    for ts, w in watts.items():
        per_hour[ts[:13]] += float(w)
    return per_hour


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="arrays.json")
    ap.add_argument("--json", action="store_true", help="print machine-readable output")
    ap.add_argument("--clear-cache", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if args.clear_cache:
        log.info("removed %d cached responses", prune_cache(max_age=0))

    try:
        arrays = json.loads(Path(args.config).read_text())["arrays"]
    except (OSError, KeyError, ValueError) as exc:
        log.error("cannot read %s: %s", args.config, exc)
        return 2

    total = defaultdict(float)
    for a in arrays:
        try:
            res = cached_get(array_url(a))
        except (urllib.error.URLError, ValueError) as exc:
            log.warning("%s: forecast unavailable (%s)", a.get("name", "?"), exc)
            continue
        for hour, w in hourly(res).items():
            total[hour] += w
        today = res.get("result", {}).get("watt_hours_day", {})
        log.info("%-10s %s", a.get("name", "?"),
                 ", ".join(f"{d}: {wh / 1000:.1f} kWh" for d, wh in today.items()))

    prune_cache()
    if args.json:
        json.dump(dict(sorted(total.items())), sys.stdout, indent=2)
        print()
    else:
        for hour, w in sorted(total.items()):
            print(f"{hour}:00  {w / 1000:6.2f} kW  {'#' * int(w / 500)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
