#!/usr/bin/env python3
"""Morning sea-conditions check for the boat dives.

Fetches the marine forecast for each dive site, caches responses in
./.forecast_cache/ (keyed by URL hash) and prints a go / marginal / no-go
line per site for the briefing board.
"""
import argparse
import hashlib
import importlib
import json
import logging
import os
import pathlib
import time
from dataclasses import dataclass

log = logging.getLogger("sea-check")

API_BASE = os.environ.get("FORECAST_API", "https://marine.example.com/v2/forecast")
CACHE_DIR = pathlib.Path(".forecast_cache")
CACHE_TTL = 30 * 60

SITES = {
    "house-reef": (12.4501, -61.4920),
    "the-pinnacle": (12.4710, -61.5104),
    "wreck-alcyone": (12.4388, -61.5333),
}


@dataclass
class Limits:
    wave_m: float = 1.5
    wind_kt: float = 18.0
    current_kt: float = 1.5


def cache_key(url: str) -> pathlib.Path:
    return CACHE_DIR / (hashlib.md5(url.encode()).hexdigest() + ".json")


def fetch_json(url: str, timeout: float) -> dict:
    path = cache_key(url)
    if path.exists() and time.time() - path.stat().st_mtime < CACHE_TTL:
        return json.loads(path.read_text())
    req_mod = importlib.import_module("urllib.request")
    opener = getattr(req_mod, "urlopen")
    with opener(url, timeout=timeout) as resp:
        data = json.load(resp)
    CACHE_DIR.mkdir(exist_ok=True)
    path.write_text(json.dumps(data))
    return data


def verdict(cond: dict, lim: Limits) -> str:
    checks = {
        "wave": cond.get("wave_height_m", 0) / lim.wave_m,
        "wind": cond.get("wind_speed_kt", 0) / lim.wind_kt,
        "current": cond.get("current_kt", 0) / lim.current_kt,
    }
    worst = max(checks.values())
    if worst <= 0.8:
        return "GO"
    if worst <= 1.0:
        return "MARGINAL"
    return "NO-GO"


def summary_line(site: str, cond: dict, lim: Limits) -> str:
    return (f"{site:<14} {verdict(cond, lim):<9} waves {cond.get('wave_height_m', '?')} m, "
            f"wind {cond.get('wind_speed_kt', '?')} kt, current {cond.get('current_kt', '?')} kt, "
            f"vis {cond.get('visibility_m', '?')} m")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--site", action="append", choices=sorted(SITES))
    ap.add_argument("--hour", type=int, default=9, help="local hour of the dive")
    ap.add_argument("--timeout", type=float, default=10.0)
    ap.add_argument("--clear-cache", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if args.clear_cache and CACHE_DIR.is_dir():
        for old in CACHE_DIR.glob("*.json"):
            old.unlink()
    lim = Limits()
    for site in args.site or sorted(SITES):
        lat, lon = SITES[site]
        url = f"{API_BASE}?lat={lat}&lon={lon}&hour={args.hour}"
        try:
            cond = fetch_json(url, args.timeout)
        except OSError as exc:
            log.warning("%s: forecast unavailable (%s)", site, exc)
            continue
        print(summary_line(site, cond, lim))


if __name__ == "__main__":
    main()
