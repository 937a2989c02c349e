#!/usr/bin/env python3
"""Check lane and lesson availability on the pool booking site.

Fetches the public availability feed for the coming days, caches each
response in ./.cache (keyed by an MD5 of the URL), prints free lanes per
session, and can optionally place a provisional hold for a club session
through the booking API using the club's API key from the environment.
"""
import argparse
import datetime as dt
import hashlib
import json
import logging
import os
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

log = logging.getLogger("lane-check")

API = {
    "scheme": "https",
    "host": "bookings.lido.example.org",
    "base": "/api/v2",
    "timeout": 15,
    "cache_ttl": 600,
}
CACHE_DIR = Path(".cache")


def api_url(path):
    return f"{API['scheme']}://{API['host']}{API['base']}{path}"


def _cache_file(url):
    return CACHE_DIR / (hashlib.md5(url.encode()).hexdigest() + ".json")


def get_json(url, use_cache=True):
    cf = _cache_file(url)
    if use_cache and cf.exists() and time.time() - cf.stat().st_mtime < API["cache_ttl"]:
        log.debug("cache hit %s", cf.name)
        return json.loads(cf.read_text())
    req = urllib.request.Request(url, headers={"Accept": "application/json"})
    with urllib.request.urlopen(req, timeout=API["timeout"]) as resp:
        body = resp.read().decode("utf-8")
    CACHE_DIR.mkdir(exist_ok=True)
    cf.write_text(body)
    os.chmod(cf, 0o600)
    return json.loads(body)


def place_hold(session_id, lanes, club):
    key = os.environ.get("LIDO_BOOKING_API_KEY")
    if not key:
        raise RuntimeError("LIDO_BOOKING_API_KEY not set")
    payload = json.dumps({"session": session_id, "lanes": lanes, "club": club, "type": "provisional"}).encode()
    req = urllib.request.Request(
        api_url("/holds"),
        data=payload,
        method="POST",
        headers={"Content-Type": "application/json", "Authorization": f"Bearer {key}"},
    )
    with urllib.request.urlopen(req, timeout=API["timeout"]) as resp:
        return json.loads(resp.read() or b"{}")


def summarise(day, feed, min_free):
    rows = []
    for s in feed.get("sessions", []):
        free = s.get("lanes_total", 0) - s.get("lanes_booked", 0)
        if free >= min_free:
            rows.append((day, s.get("start", "?"), s.get("kind", "lane"), free, s.get("id")))
    return rows


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--days", type=int, default=3)
    ap.add_argument("--min-free", type=int, default=1)
    ap.add_argument("--no-cache", action="store_true")
    ap.add_argument("--hold", metavar="SESSION_ID", help="place provisional hold")
    ap.add_argument("--lanes", type=int, default=2)
    ap.add_argument("--club", default="Otters ASC")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if args.hold:
        try:
            res = place_hold(args.hold, args.lanes, args.club)
            print(f"hold placed: {res.get('hold_id', '?')} expires {res.get('expires', '?')}")
            return 0
        except (RuntimeError, urllib.error.URLError) as exc:
            log.error("hold failed: %s", exc)
            return 1

    today = dt.date.today()
    rows = []
    for i in range(args.days):
        day = today + dt.timedelta(days=i)
        url = api_url(f"/availability?date={day.isoformat()}")
        try:
            rows.extend(summarise(day, get_json(url, not args.no_cache), args.min_free))
        except (urllib.error.URLError, json.JSONDecodeError) as exc:
            log.warning("%s: %s", day, exc)
    for day, start, kind, free, sid in rows:
        print(f"{day} {start:>5} {kind:8s} {free:2d} free  (id {sid})")
    if not rows:
        print("no sessions with enough free lanes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
