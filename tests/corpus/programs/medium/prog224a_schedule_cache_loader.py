#!/usr/bin/env python3
"""Sailing schedule cache for the booking kiosks.

Keeps a local pickled copy of the sailing schedule so kiosks keep working
when the timetable API is slow, and prints a per-route departure summary.
"""
import argparse
import json
import logging
import os
import pickle
import subprocess
import sys
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path

TIMETABLE_URL = os.environ.get("TIMETABLE_URL", "https://timetable.example.com/api/v2/sailings")
CACHE_DIR = Path(os.environ.get("SCHEDULE_CACHE_DIR", "./cache"))
CACHE_FILE = CACHE_DIR / "schedule.pkl"
MAX_AGE = int(os.environ.get("SCHEDULE_MAX_AGE", "900"))

log = logging.getLogger("schedule-cache")


@dataclass
class Sailing:
    route: str
    vessel: str
    depart: str
    arrive: str
    capacity: int


def fetch_remote() -> list:
    req = urllib.request.Request(TIMETABLE_URL, headers={"Accept": "application/json"})
    with urllib.request.urlopen(req, timeout=20) as resp:
        rows = json.load(resp)
    return [Sailing(r["route"], r["vessel"], r["depart"], r["arrive"], int(r.get("capacity", 0)))
            for r in rows]


def load_cache():
    if not CACHE_FILE.exists():
        return None
    age = time.time() - CACHE_FILE.stat().st_mtime
    with CACHE_FILE.open("rb") as fh:
        data = pickle.load(fh)
    log.debug("cache age %.0fs, %d sailings", age, len(data))
    return data, age


def save_cache(sailings) -> None:
    CACHE_DIR.mkdir(parents=True, exist_ok=True)
    with CACHE_FILE.open("wb") as fh:
        pickle.dump(sailings, fh)
    os.chmod(CACHE_FILE, 0o600)


def get_schedule(force: bool):
    cached = None if force else load_cache()
    if cached and cached[1] < MAX_AGE:
        return cached[0]
    try:
        sailings = fetch_remote()
        save_cache(sailings)
        log.info("refreshed %d sailings from API", len(sailings))
        return sailings
    except Exception as exc:
        if cached:
            log.warning("API failed (%s); using stale cache", exc)
            return cached[0]
        raise


def route_summary(sailings) -> str:
    lines = "\n".join(s.route for s in sailings) + "\n"
    proc = subprocess.run(["bash", "-c", "sort | uniq -c | sort -rn"],
                          input=lines, capture_output=True, text=True, check=True)
    return proc.stdout


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--refresh", action="store_true", help="ignore cache age")
    ap.add_argument("--route", help="only show one route")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    try:
        sailings = get_schedule(args.refresh)
    except Exception as exc:
        log.error("no schedule available: %s", exc)
        return 1
    if args.route:
        sailings = [s for s in sailings if s.route == args.route]
    for s in sorted(sailings, key=lambda s: s.depart)[:20]:
        print(f"{s.depart}  {s.route:<18} {s.vessel:<14} cap {s.capacity}")
    print("\nDepartures per route:")
    print(route_summary(sailings), end="")
    return 0


if __name__ == "__main__":
    sys.exit(main())
