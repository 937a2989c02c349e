#!/usr/bin/env python3
"""Fetch showtime feeds from the distributors' and listings partners' APIs.

Each feed URL is fetched with a timeout, cached locally under a key derived
from the URL (so the lobby screens keep working if a partner is down), and
merged into one showtimes.json for the website and lobby displays.
"""
import argparse
import hashlib
import json
import logging
import os
import sys
import tempfile
import time
from pathlib import Path

import requests

log = logging.getLogger("feeds")

FEEDS = [
    "https://listings.example.com/v1/venues/4411/showtimes",
    "https://api.example.net/cinema/4411/events.json",
]
CACHE_DIR = Path(".feed_cache")
MAX_AGE = 15 * 60  # seconds before a cached copy is refreshed


def cache_path(url):
    # md5 is only a short, stable filename here
    return CACHE_DIR / (hashlib.md5(url.encode()).hexdigest() + ".json")


def atomic_write(path, data):
    """Write via a temp file in the same folder, then swap it in."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-", suffix=".json")
    try:
        with os.fdopen(fd, "w") as fh:
            json.dump(data, fh)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def fetch(url, session, timeout):
    cp = cache_path(url)
    if cp.exists() and time.time() - cp.stat().st_mtime < MAX_AGE:
        log.debug("fresh cache for %s", url)
        return json.loads(cp.read_text())
    try:
        resp = session.get(url, timeout=timeout)
        resp.raise_for_status()
        data = resp.json()
        atomic_write(cp, data)
        return data
    except (requests.RequestException, ValueError) as exc:
        if cp.exists():
            log.warning("%s failed (%s); using stale cache", url, exc)
            return json.loads(cp.read_text())
        log.error("%s failed and no cache: %s", url, exc)
        return None


def normalise(feed):
    """Different partners, different shapes; reduce to one list of dicts."""
    items = feed.get("showtimes") or feed.get("events") or []
    out = []
    for it in items:
        title = it.get("title") or it.get("film", {}).get("name")
        start = it.get("start") or it.get("starts_at")
        if title and start:
            out.append({"title": title, "start": start,
                        "screen": it.get("screen") or it.get("auditorium")})
    return out


def clear_cache():
    removed = 0
    for f in CACHE_DIR.glob("*.json"):
        f.unlink()
        removed += 1
    log.info("removed %d cached feed(s)", removed)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--out", default="showtimes.json")
    ap.add_argument("--timeout", type=float, default=10.0)
    ap.add_argument("--clear-cache", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.clear_cache:
        clear_cache()
    merged, seen = [], set()
    with requests.Session() as s:
        s.headers["User-Agent"] = "indie-cinema-feeds/1.3"
        for url in FEEDS:
            feed = fetch(url, s, args.timeout)
            if not feed:
                continue
            for show in normalise(feed):
                key = (show["title"], show["start"], show["screen"])
                if key not in seen:
                    seen.add(key)
                    merged.append(show)
    merged.sort(key=lambda s: s["start"])
    atomic_write(Path(args.out), {"generated": int(time.time()), "shows": merged})
    log.info("wrote %d shows to %s", len(merged), args.out)
    return 0 if merged else 1


if __name__ == "__main__":
    sys.exit(main())
