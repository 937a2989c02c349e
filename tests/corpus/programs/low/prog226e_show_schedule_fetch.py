#!/usr/bin/env python3
"""Fetch today's dome show schedule for the booth display.

Downloads the public show schedule from the planetarium's schedule service,
caches responses in ./cache (keyed by an MD5 of the URL), and writes
./booth/next_shows.json which the booth's status page reads. Settings come
from environment variables so the same tool runs on every booth machine.
"""

import argparse
import datetime as dt
import hashlib
import json
import logging
import os
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

LOG = logging.getLogger("schedule-fetch")

BASE_URL = os.environ.get("SCHEDULE_BASE_URL", "https://schedule.example.org/api/v1")
VENUE = os.environ.get("SCHEDULE_VENUE", "main-dome")
CACHE_DIR = Path(os.environ.get("SCHEDULE_CACHE_DIR", "./cache"))
OUT_DIR = Path("./booth")
CACHE_TTL = int(os.environ.get("SCHEDULE_CACHE_TTL", "300"))


class ScheduleCache:
    def __init__(self, root, ttl):
        self.root = root
        self.ttl = ttl
        self.root.mkdir(parents=True, exist_ok=True)

    def _path(self, url):
        key = hashlib.md5(url.encode("utf-8")).hexdigest()
        return self.root / f"{key}.json"

    def get(self, url):
        path = self._path(url)
        if path.exists() and time.time() - path.stat().st_mtime < self.ttl:
            LOG.debug("cache hit %s", path.name)
            return json.loads(path.read_text(encoding="utf-8"))
        return None

    def put(self, url, data):
        path = self._path(url)
        path.write_text(json.dumps(data), encoding="utf-8")
        os.chmod(path, 0o600)

    def prune(self, max_age):
        removed = 0
        for path in self.root.glob("*.json"):
            if time.time() - path.stat().st_mtime > max_age:
                path.unlink()
                removed += 1
        if removed:
            LOG.info("pruned %d stale cache file(s)", removed)


def fetch_json(url, timeout):
    req = urllib.request.Request(url, headers={"Accept": "application/json",
                                               "User-Agent": "booth-schedule/1.4"})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return json.load(resp)


def upcoming(shows, now, limit):
    result = []
    for show in shows:
        try:
            start = dt.datetime.fromisoformat(show["start"])
        except (KeyError, ValueError):
            LOG.warning("skipping entry without valid start: %s", show.get("title"))
            continue
        if start >= now:
            result.append({
                "title": show.get("title", "Untitled"),
                "start": start.strftime("%H:%M"),
                "minutes_until": int((start - now).total_seconds() // 60),
                "presenter": show.get("presenter", ""),
                "seats_left": show.get("seats_available"),
            })
    result.sort(key=lambda s: s["minutes_until"])
    return result[:limit]


def write_atomic(path, data):
    path.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.NamedTemporaryFile("w", dir=path.parent, delete=False,
                                     suffix=".tmp", encoding="utf-8") as fh:
        json.dump(data, fh, indent=2)
        tmp = fh.name
    os.replace(tmp, path)
    os.chmod(path, 0o600)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--date", default=dt.date.today().isoformat())
    ap.add_argument("--limit", type=int, default=5)
    ap.add_argument("--timeout", type=float, default=10.0)
    ap.add_argument("--no-cache", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    url = f"{BASE_URL}/venues/{VENUE}/shows?date={args.date}"
    cache = ScheduleCache(CACHE_DIR, CACHE_TTL)
    data = None if args.no_cache else cache.get(url)
    if data is None:
        try:
            data = fetch_json(url, args.timeout)
            cache.put(url, data)
        except (urllib.error.URLError, OSError, ValueError) as exc:
            LOG.error("schedule fetch failed: %s", exc)
            return 1
    cache.prune(max_age=7 * 24 * 3600)

    now = dt.datetime.now()
    nxt = upcoming(data.get("shows", []), now, args.limit)
    write_atomic(OUT_DIR / "next_shows.json",
                 {"venue": VENUE, "generated": now.isoformat(timespec="seconds"), "shows": nxt})
    for s in nxt:
        LOG.info("%s  %-40s in %3d min", s["start"], s["title"], s["minutes_until"])
    if not nxt:
        LOG.info("no more shows today")
    return 0


if __name__ == "__main__":
    sys.exit(main())
