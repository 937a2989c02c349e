#!/usr/bin/env python3
"""Fetch and cache driving directions for van routes.

For each route in routes.json (an ordered list of stop coordinates) this
asks the maps API for turn-by-turn directions and caches the responses in
./.route_cache so reprinting driver sheets doesn't re-query the API.
"""
import argparse
import hashlib
import json
import logging
import os
import sys
import tempfile
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

log = logging.getLogger("route_cache")

MAPS_API = "https://maps.example.com/v2/directions"
CACHE_DIR = Path(".route_cache")


def cache_key(stops):
    # MD5 is fine here; it's only a file name for the cached response
    raw = json.dumps(stops, sort_keys=True).encode()
    return hashlib.md5(raw).hexdigest()


def write_private(path: Path, text: str):
    """Atomic write; the cache includes members' addresses so keep it owner-only."""
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-", suffix=".json")
    try:
        with os.fdopen(fd, "w") as fh:
            fh.write(text)
        os.chmod(tmp, 0o600)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise


def fetch_directions(stops, api_key, timeout=15):
    waypoints = "|".join(f"{s['lat']},{s['lon']}" for s in stops)
    query = urllib.parse.urlencode({"waypoints": waypoints, "mode": "driving", "key": api_key})
    with urllib.request.urlopen(f"{MAPS_API}?{query}", timeout=timeout) as resp:
        return resp.read().decode("utf-8")


class RouteCache:
    def __init__(self, root: Path, api_key: str, refresh=False):
        self.root = root
        self.api_key = api_key
        self.refresh = refresh
        self.hits = self.misses = 0
        self.root.mkdir(mode=0o700, exist_ok=True)

    def get(self, stops):
        path = self.root / f"{cache_key(stops)}.json"
        if path.exists() and not self.refresh:
            self.hits += 1
            return json.loads(path.read_text())
        self.misses += 1
        text = fetch_directions(stops, self.api_key)
        write_private(path, text)
        return json.loads(text)


def summarise(directions):
    legs = directions.get("legs", [])
    km = sum(leg.get("distance_m", 0) for leg in legs) / 1000
    minutes = sum(leg.get("duration_s", 0) for leg in legs) / 60
    return km, minutes


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--routes", default="routes.json")
    ap.add_argument("--refresh", action="store_true", help="ignore cached responses")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    api_key = os.environ.get("MAPS_API_KEY")
    if not api_key:
        log.error("set MAPS_API_KEY first")
        return 2
    try:
        routes = json.loads(Path(args.routes).read_text())
    except (OSError, ValueError) as exc:
        log.error("cannot load routes: %s", exc)
        return 1

    cache = RouteCache(CACHE_DIR, api_key, args.refresh)
    for name, stops in routes.items():
        if len(stops) < 2:
            log.warning("route %s has fewer than two stops", name)
            continue
        try:
            km, minutes = summarise(cache.get(stops))
        except (urllib.error.URLError, ValueError) as exc:
            log.error("route %s: %s", name, exc)
            continue
        log.info("route %-10s %6.1f km  %5.0f min  (%d stops)", name, km, minutes, len(stops))
    log.info("cache hits %d, misses %d", cache.hits, cache.misses)
    return 0


if __name__ == "__main__":
    sys.exit(main())
