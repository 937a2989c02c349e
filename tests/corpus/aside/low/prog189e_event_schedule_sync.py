#!/usr/bin/env python3
"""Sync the velodrome's public event schedule into a local cache.

The front-desk and café screens read `./schedule/current.json`. This pulls
the session list (open track, coaching, league nights, hire slots) from
the booking platform's public API and caches each response keyed by URL.
"""
import argparse
import hashlib
import json
import logging
import os
import time
import urllib.parse
import urllib.request
from datetime import date, timedelta
from pathlib import Path

log = logging.getLogger("schedule-sync")

API_BASE = os.environ.get("SCHEDULE_API", "https://api.example.com/velodrome/v1")
CACHE_DIR = Path("cache")
OUT_DIR = Path("schedule")
CACHE_TTL = int(os.environ.get("SCHEDULE_CACHE_TTL", "900"))

SESSION_LABELS = {
    "open": "Open track",
    "coach": "Coached session",
    "league": "League night",
    "hire": "Private hire",
    "junior": "Junior academy",
}


def cache_key(url: str) -> Path:
    return CACHE_DIR / (hashlib.md5(url.encode("utf-8")).hexdigest() + ".json")


def fetch_json(url: str, use_cache=True):
    path = cache_key(url)
    if use_cache and path.exists() and time.time() - path.stat().st_mtime < CACHE_TTL:
        log.debug("cache hit %s", url)
        return json.loads(path.read_text(encoding="utf-8"))
    req = urllib.request.Request(url, headers={"Accept": "application/json",
                                               "User-Agent": "velodrome-schedule/1.3"})
    with urllib.request.urlopen(req, timeout=15) as resp:
        data = json.load(resp)
    CACHE_DIR.mkdir(exist_ok=True)
    path.write_text(json.dumps(data), encoding="utf-8")
    return data


def sessions_for(day: date, use_cache=True):
    query = urllib.parse.urlencode({"date": day.isoformat(), "venue": "main-track"})
    data = fetch_json(f"{API_BASE}/sessions?{query}", use_cache)
    out = []
    for s in data.get("sessions", []):
        out.append({
            "start": s["start"],
            "end": s["end"],
            "label": SESSION_LABELS.get(s.get("type"), s.get("type", "Session")),
            "spaces": max(0, s.get("capacity", 0) - s.get("booked", 0)),
        })
    return sorted(out, key=lambda s: s["start"])


def prune_cache(max_age=86400):
    if not CACHE_DIR.exists():
        return 0
    removed = 0
    for p in CACHE_DIR.glob("*.json"):
        if time.time() - p.stat().st_mtime > max_age:
            p.unlink()
            removed += 1
    return removed


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--days", type=int, default=7)
    ap.add_argument("--no-cache", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    schedule = {}
    today = date.today()
    for offset in range(args.days):
        day = today + timedelta(days=offset)
        try:
            schedule[day.isoformat()] = sessions_for(day, not args.no_cache)
        except OSError as exc:
            log.warning("could not load %s: %s", day, exc)
    OUT_DIR.mkdir(exist_ok=True)
    target = OUT_DIR / "current.json"
    tmp = target.with_suffix(".tmp")
    tmp.write_text(json.dumps({"generated": int(time.time()), "days": schedule}, indent=2))
    tmp.replace(target)
    log.info("wrote %s (%d days), pruned %d cache files", target, len(schedule), prune_cache())


if __name__ == "__main__":
    main()
