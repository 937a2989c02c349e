#!/usr/bin/env python3
"""Fetch the flying-conditions forecast for the display field, with a cache.

Falconers decide the afternoon display birds from wind speed, gusts and
rain. This pulls the hourly forecast from the weather API, caches each
response on disk for a while (the free tier is rate-limited), and prints
a go / caution / no-fly line per display slot.
"""
import argparse
import hashlib
import json
import logging
import os
import tempfile
import time
from pathlib import Path
from urllib import parse, request
from urllib.error import URLError

LOG = logging.getLogger("weather")

API = "https://api.example.com/v1/forecast"
CACHE_DIR = Path(".weather_cache")
CACHE_TTL = 30 * 60
FIELD = {"lat": 54.432, "lon": -2.962}
SLOTS = ["11:30", "14:00", "16:00"]

# limits agreed with the head falconer, in m/s and mm/h
LIMITS = {"wind": (7.0, 10.0), "gust": (11.0, 15.0), "rain": (0.5, 2.0)}


def cache_path(url):
    # md5 is fine here: it's only a file name for the cached response
    return CACHE_DIR / (hashlib.md5(url.encode()).hexdigest() + ".json")


def write_atomic(path: Path, data: bytes):
    path.parent.mkdir(exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-")
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.chmod(tmp, 0o600)
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise


def fetch(url, refresh=False):
    cp = cache_path(url)
    if not refresh and cp.exists() and time.time() - cp.stat().st_mtime < CACHE_TTL:
        LOG.debug("cache hit %s", cp.name)
        return json.loads(cp.read_bytes())
    LOG.debug("GET %s", url)
    req = request.Request(url, headers={"User-Agent": "falconry-weather/1.2"})
    with request.urlopen(req, timeout=10) as resp:
        body = resp.read()
    write_atomic(cp, body)
    return json.loads(body)


def rate(value, limits):
    caution, stop = limits
    if value >= stop:
        return 2
    if value >= caution:
        return 1
    return 0


def verdicts(forecast, day):
    hours = {h["time"][11:16]: h for h in forecast.get("hourly", [])
             if h.get("time", "").startswith(day)}
    out = []
    for slot in SLOTS:
        hr = hours.get(slot[:2] + ":00")
        if hr is None:
            out.append((slot, "unknown", "no forecast"))
            continue
        scores = {
            "wind": rate(hr.get("wind_ms", 0.0), LIMITS["wind"]),
            "gust": rate(hr.get("gust_ms", 0.0), LIMITS["gust"]),
            "rain": rate(hr.get("rain_mmh", 0.0), LIMITS["rain"]),
        }
        worst = max(scores.values())
        label = ("go", "caution", "no-fly")[worst]
        why = ", ".join(k for k, v in scores.items() if v == worst and v) or "calm"
        out.append((slot, label, why))
    return out


def main():
    ap = argparse.ArgumentParser(description="display-field flying forecast")
    ap.add_argument("--day", default=time.strftime("%Y-%m-%d"))
    ap.add_argument("--refresh", action="store_true", help="ignore the cache")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    query = parse.urlencode({**FIELD, "hourly": "wind_ms,gust_ms,rain_mmh",
                             "date": args.day})
    try:
        forecast = fetch(f"{API}?{query}", refresh=args.refresh)
    except (URLError, OSError, ValueError) as exc:
        LOG.error("forecast unavailable: %s", exc)
        return 1
    print(f"Display field forecast for {args.day}")
    for slot, label, why in verdicts(forecast, args.day):
        print(f"  {slot}  {label:<8} {why}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
