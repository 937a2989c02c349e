#!/usr/bin/env python3
"""Clear-sky forecast for the observatory site.

Fetches cloud cover, seeing and transparency for the next few nights from
the forecast provider and prints a short table for the members' mailing
list. Responses are cached locally so repeated runs don't hit the quota.
"""
import argparse
import hashlib
import json
import logging
import os
import time
from pathlib import Path

import requests

log = logging.getLogger("clearsky")

API_URL = "https://api.example.com/v2/astro-forecast"
CACHE_DIR = Path(".forecast_cache")
CACHE_TTL = 3 * 3600
SITE = {"lat": 51.48, "lon": -0.61, "elevation": 85}


def cache_key(params):
    # params only; the API key is deliberately left out of the cache name
    blob = json.dumps(params, sort_keys=True).encode()
    return hashlib.md5(blob).hexdigest()


def cached(params):
    path = CACHE_DIR / f"{cache_key(params)}.json"
    if path.exists() and time.time() - path.stat().st_mtime < CACHE_TTL:
        try:
            return json.loads(path.read_text())
        except json.JSONDecodeError:
            path.unlink()
    return None


def store(params, data):
    CACHE_DIR.mkdir(exist_ok=True)
    path = CACHE_DIR / f"{cache_key(params)}.json"
    path.write_text(json.dumps(data))


class ForecastClient:
    def __init__(self, api_key, timeout=10):
        self.session = requests.Session()
        self.session.headers["X-Api-Key"] = api_key
        self.timeout = timeout

    def nights(self, days):
        params = dict(SITE, days=days, fields="cloud,seeing,transparency")
        hit = cached(params)
        if hit is not None:
            log.debug("cache hit")
            return hit
        resp = self.session.get(API_URL, params=params, timeout=self.timeout)
        resp.raise_for_status()
        data = resp.json()
        store(params, data)
        return data


def score(night):
    cloud = night.get("cloud", 100)
    seeing = night.get("seeing", 5)
    transp = night.get("transparency", 5)
    return max(0, round(10 - cloud / 10 - (seeing - 1) - (transp - 1) / 2, 1))


def render(data):
    lines = [f"{'Night':<12}{'Cloud%':>8}{'Seeing':>8}{'Transp':>8}{'Score':>7}"]
    for n in data.get("nights", []):
        lines.append(f"{n.get('date', '?'):<12}{n.get('cloud', 0):>8}"
                     f"{n.get('seeing', 0):>8}{n.get('transparency', 0):>8}{score(n):>7}")
    return "\n".join(lines)


def main():
    ap = argparse.ArgumentParser(description="Clear-sky forecast")
    ap.add_argument("--days", type=int, default=3)
    ap.add_argument("--clear-cache", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    if args.clear_cache and CACHE_DIR.exists():
        for f in CACHE_DIR.glob("*.json"):
            f.unlink()
        log.info("cache cleared")

    key = os.environ.get("FORECAST_API_KEY")
    if not key:
        log.error("set FORECAST_API_KEY first")
        return 1
    try:
        data = ForecastClient(key).nights(args.days)
    except requests.RequestException as exc:
        log.error("forecast unavailable: %s", exc)
        return 1
    print(render(data))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
