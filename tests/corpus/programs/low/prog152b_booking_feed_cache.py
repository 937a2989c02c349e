#!/usr/bin/env python3
"""Local cache of interpreter booking feeds.

Coordinators follow several iCal feeds (agency bookings, council room
bookings, interpreter leave). This fetches them, caches each one under a
hashed file name in ./.feedcache and prints the next jobs. Cached copies
are private to the user because they contain client names.
"""
import argparse
import hashlib
import logging
import os
import shutil
import sys
import tempfile
import time
from datetime import datetime
from pathlib import Path

import requests

log = logging.getLogger("feedcache")

CACHE_DIR = Path(".feedcache")
MAX_AGE = 15 * 60  # seconds
FEEDS = [
    "https://bookings.example.com/feeds/agency.ics",
    "https://rooms.example.net/calendar/council-rooms.ics",
    "https://bookings.example.com/feeds/leave.ics",
]


def cache_path(url):
    # md5 is only a file-name key here
    return CACHE_DIR / (hashlib.md5(url.encode()).hexdigest() + ".ics")


def store(path, data):
    """Write atomically so a half-downloaded feed is never read."""
    fd, tmp = tempfile.mkstemp(dir=CACHE_DIR, suffix=".part")
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.chmod(tmp, 0o600)
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise


def fetch(url, force=False):
    path = cache_path(url)
    if not force and path.exists() and time.time() - path.stat().st_mtime < MAX_AGE:
        return path.read_text(encoding="utf-8")
    try:
        resp = requests.get(url, timeout=20)
        resp.raise_for_status()
    except requests.RequestException as exc:
        if path.exists():
            log.warning("using stale copy of %s (%s)", url, exc)
            return path.read_text(encoding="utf-8")
        raise
    store(path, resp.content)
    return resp.text


def upcoming(ics_text, limit):
    events, current = [], {}
    for line in ics_text.splitlines():
        if line == "BEGIN:VEVENT":
            current = {}
        elif line == "END:VEVENT" and "DTSTART" in current:
            events.append(current)
        elif ":" in line:
            key, _, value = line.partition(":")
            current[key.split(";")[0]] = value
    now = datetime.utcnow().strftime("%Y%m%dT%H%M%S")
    future = sorted((e for e in events if e["DTSTART"] >= now), key=lambda e: e["DTSTART"])
    return future[:limit]


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--refresh", action="store_true", help="ignore cached copies")
    parser.add_argument("--clear", action="store_true", help="delete the cache and exit")
    parser.add_argument("--limit", type=int, default=10)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.clear:
        shutil.rmtree(CACHE_DIR, ignore_errors=True)
        log.info("cache cleared")
        return 0

    CACHE_DIR.mkdir(mode=0o700, exist_ok=True)
    for url in FEEDS:
        try:
            text = fetch(url, force=args.refresh)
        except requests.RequestException as exc:
            log.error("could not fetch %s: %s", url, exc)
            continue
        print(f"== {url}")
        for ev in upcoming(text, args.limit):
            print(f"  {ev['DTSTART']}  {ev.get('SUMMARY', '(no title)')}  {ev.get('LOCATION', '')}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
