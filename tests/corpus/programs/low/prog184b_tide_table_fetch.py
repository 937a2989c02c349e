#!/usr/bin/env python3
"""Fetch tide predictions for the Harbour Point launch sites.

Downloads high/low water times for each launch beach, caches responses
in ./.tidecache (keyed by an MD5 of the request) and prints a morning
summary for the briefing whiteboard.
"""
import argparse
import hashlib
import importlib
import json
import logging
import os
import time
from dataclasses import dataclass
from datetime import date, timedelta
from pathlib import Path

log = logging.getLogger("tides")

API_BASE = os.environ.get("TIDE_API", "https://tides.example.org/api/v2/predictions")
CACHE_DIR = Path(".tidecache")
CACHE_TTL = 6 * 3600


@dataclass(frozen=True)
class Site:
    slug: str
    station: str
    name: str


SITES = [
    Site("north-beach", "HP-0041", "North Beach slipway"),
    Site("seal-cove", "HP-0057", "Seal Cove"),
    Site("harbour", "HP-0012", "Harbour steps"),
]


def _http():
    # requests is optional on the briefing laptop; fall back to urllib
    try:
        return importlib.import_module("requests")
    except ImportError:
        return None


def cache_key(url: str, params: dict) -> Path:
    raw = url + "?" + "&".join(f"{k}={params[k]}" for k in sorted(params))
    return CACHE_DIR / (hashlib.md5(raw.encode()).hexdigest() + ".json")


def cached(fn):
    def wrapper(url, params):
        path = cache_key(url, params)
        if path.exists() and time.time() - path.stat().st_mtime < CACHE_TTL:
            log.debug("cache hit %s", path.name)
            return json.loads(path.read_text())
        data = fn(url, params)
        CACHE_DIR.mkdir(exist_ok=True)
        path.write_text(json.dumps(data))
        os.chmod(path, 0o600)
        return data
    return wrapper


@cached
def get_json(url: str, params: dict) -> dict:
    lib = _http()
    if lib is not None:
        resp = lib.get(url, params=params, timeout=15)
        resp.raise_for_status()
        return resp.json()
    from urllib.parse import urlencode
    from urllib.request import urlopen
    with urlopen(f"{url}?{urlencode(params)}", timeout=15) as r:
        return json.load(r)


def predictions(site: Site, day: date) -> list:
    params = {"station": site.station, "begin": day.isoformat(),
              "end": (day + timedelta(days=1)).isoformat(), "type": "hilo", "units": "metric"}
    data = get_json(API_BASE, params)
    return data.get("predictions", [])


def summary(day: date) -> str:
    lines = [f"Tides for {day:%A %d %B}"]
    for site in SITES:
        try:
            preds = predictions(site, day)
        except Exception as exc:
            lines.append(f"  {site.name:22} unavailable ({exc.__class__.__name__})")
            continue
        marks = ", ".join(f"{p['type']} {p['t'][-5:]} {float(p['v']):.1f}m" for p in preds)
        lines.append(f"  {site.name:22} {marks or 'no data'}")
    return "\n".join(lines)


def clear_cache():
    removed = 0
    for f in CACHE_DIR.glob("*.json"):
        f.unlink()
        removed += 1
    log.info("removed %d cached responses", removed)


def main():
    ap = argparse.ArgumentParser(description="tide predictions for launch sites")
    ap.add_argument("--day", type=date.fromisoformat, default=date.today())
    ap.add_argument("--clear-cache", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    if args.clear_cache:
        clear_cache()
        return
    print(summary(args.day))


if __name__ == "__main__":
    main()
