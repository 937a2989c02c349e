#!/usr/bin/env python3
"""Work out when the club slipway is usable over the coming days.

The slipway dries out below a set height of tide, so launching and recovery
are only possible in a window either side of high water.  This fetches high
and low water predictions, interpolates the tide curve with the rule of
twelfths and writes slip_windows.csv listing each usable window that falls in
daylight club hours.  Responses are cached in ./.tide_cache for an hour.
"""
import argparse
import csv
import hashlib
import json
import logging
import sys
import time
import urllib.parse
import urllib.request
from datetime import datetime, timedelta
from pathlib import Path

log = logging.getLogger("slip_windows")

API = "https://tides.harbour-office.example/api/v1/stations/{station}/predictions"
CACHE_DIR = Path(".tide_cache")
CACHE_TTL = 3600
TWELFTHS = [0, 1, 3, 6, 9, 11, 12]


def cached_get(url, params):
    full = f"{url}?{urllib.parse.urlencode(params)}"
    CACHE_DIR.mkdir(exist_ok=True)
    entry = CACHE_DIR / (hashlib.md5(full.encode()).hexdigest() + ".json")
    if entry.exists() and time.time() - entry.stat().st_mtime < CACHE_TTL:
        return json.loads(entry.read_text())
    req = urllib.request.Request(full, headers={"Accept": "application/json"})
    with urllib.request.urlopen(req, timeout=20) as resp:
        data = json.load(resp)
    entry.write_text(json.dumps(data))
    return data


def extremes(station, start, days):
    events = []
    for i in range(days):
        day = (start + timedelta(days=i)).date().isoformat()
        data = cached_get(API.format(station=station), {"date": day, "datum": "CD"})
        for p in data.get("predictions", []):
            events.append((datetime.fromisoformat(p["time"]), p["type"], float(p["height_m"])))
    events.sort()
    return events


def curve(events, step_minutes=10):
    """Yield (time, height) along the tide curve between successive extremes."""
    for (t0, _, h0), (t1, _, h1) in zip(events, events[1:]):
        span = (t1 - t0).total_seconds()
        steps = int(span // (step_minutes * 60))
        for s in range(steps):
            frac = s / steps
            sixth = min(int(frac * 6), 5)
            within = frac * 6 - sixth
            twelfths = TWELFTHS[sixth] + (TWELFTHS[sixth + 1] - TWELFTHS[sixth]) * within
            yield t0 + timedelta(seconds=span * frac), h0 + (h1 - h0) * twelfths / 12


def windows(points, min_height, first_hour, last_hour):
    open_at = None
    last_t = None
    for t, h in points:
        usable = h >= min_height and first_hour <= t.hour < last_hour
        if usable and open_at is None:
            open_at = t
        elif not usable and open_at is not None:
            yield open_at, t
            open_at = None
        last_t = t
    if open_at is not None and last_t is not None:
        yield open_at, last_t


def main(argv=None):
    ap = argparse.ArgumentParser(description="Slipway launch window planner")
    ap.add_argument("--station", default="0065")
    ap.add_argument("--days", type=int, default=5)
    ap.add_argument("--min-height", type=float, default=2.1, help="metres above chart datum")
    ap.add_argument("--hours", default="08-20", help="club hours, e.g. 08-20")
    ap.add_argument("--out", default="slip_windows.csv")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    first, last = (int(x) for x in args.hours.split("-"))
    start = datetime.now().replace(hour=0, minute=0, second=0, microsecond=0)
    try:
        events = extremes(args.station, start - timedelta(days=1), args.days + 2)
    except (OSError, ValueError, KeyError) as exc:
        log.error("could not get predictions: %s", exc)
        return 1
    if len(events) < 2:
        log.error("not enough tide events for station %s", args.station)
        return 1

    rows = [(a, b) for a, b in windows(curve(events), args.min_height, first, last)
            if a >= start and (b - a) >= timedelta(minutes=30)]
    with open(args.out, "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["date", "opens", "closes", "duration_min"])
        for a, b in rows:
            w.writerow([a.date().isoformat(), a.strftime("%H:%M"), b.strftime("%H:%M"),
                        int((b - a).total_seconds() // 60)])
    log.info("%d launch windows written to %s", len(rows), args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
