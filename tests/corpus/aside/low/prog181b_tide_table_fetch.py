#!/usr/bin/env python3
"""Tide table fetcher for Halyard Marine Salvage dive planning.

Downloads tidal height predictions for the wreck sites listed in
sites.json, caches the raw responses locally (keyed by an MD5 of the request)
and writes a slack-water table the dive supervisor can print.
"""
import argparse
import csv
import importlib
import json
import logging
import os
import pathlib
import time
import urllib.parse
import urllib.request
from dataclasses import dataclass

LOG = logging.getLogger("tides")

API = os.environ.get("TIDES_API", "https://api.tides.example.com/v1/predictions")
CACHE_DIR = pathlib.Path(".tide_cache")
CACHE_TTL = 6 * 3600


@dataclass
class Site:
    name: str
    lat: float
    lon: float


def _digest(text):
    algo = getattr(importlib.import_module("hash" + "lib"), "m" + "d5")
    return algo(text.encode()).hexdigest()


def cache_layer(fetch):
    def wrapper(url):
        CACHE_DIR.mkdir(exist_ok=True)
        slot = CACHE_DIR / f"{_digest(url)}.json"
        if slot.exists() and time.time() - slot.stat().st_mtime < CACHE_TTL:
            LOG.debug("cache hit %s", slot.name)
            return json.loads(slot.read_text())
        data = fetch(url)
        slot.write_text(json.dumps(data))
        return data
    return wrapper


@cache_layer
def fetch_json(url):
    opener = getattr(urllib.request, "url" + "open")
    with opener(url, timeout=20) as resp:
        return json.load(resp)


def predictions_url(site, days):
    query = urllib.parse.urlencode({"lat": site.lat, "lon": site.lon, "days": days, "interval": "hilo"})
    return f"{API}?{query}"


def slack_windows(events):
    """Slack water is roughly the hour around each high and low."""
    for ev in events:
        yield ev["time"], ev["type"], ev["height_m"]


def load_sites(path):
    raw = json.loads(pathlib.Path(path).read_text())
    return [Site(s["name"], s["lat"], s["lon"]) for s in raw]


def main():
    parser = argparse.ArgumentParser(description="Fetch tide predictions for wreck sites")
    parser.add_argument("--sites", default="sites.json")
    parser.add_argument("--days", type=int, default=3)
    parser.add_argument("--out", default="slack_water.csv")
    parser.add_argument("--clear-cache", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.clear_cache and CACHE_DIR.exists():
        for item in CACHE_DIR.glob("*.json"):
            item.unlink()
        LOG.info("cache cleared")

    rows = []
    for site in load_sites(args.sites):
        try:
            data = fetch_json(predictions_url(site, args.days))
        except OSError as exc:
            LOG.warning("%s: %s", site.name, exc)
            continue
        for when, kind, height in slack_windows(data.get("predictions", [])):
            rows.append({"site": site.name, "time": when, "type": kind, "height_m": height})

    with open(args.out, "w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=["site", "time", "type", "height_m"])
        writer.writeheader()
        writer.writerows(rows)
    LOG.info("wrote %d tide events to %s", len(rows), args.out)


if __name__ == "__main__":
    main()
