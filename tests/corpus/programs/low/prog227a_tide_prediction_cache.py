#!/usr/bin/env python3
"""Fetch tide predictions for the institute's tide gauges and cache them.

Predictions come from the public tides API over plain GET requests.  Each
response is cached under ./cache keyed by the MD5 of the request URL so that
repeated runs during the day do not hit the API again.  A small env file is
written for the shell-based plotting scripts, which read TIDE_* variables.
"""

import argparse
import hashlib
import json
import logging
import os
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

API_BASE = os.environ.get("TIDE_API_BASE", "https://tides.example.net/api")
CACHE_DIR = Path("./cache")
OUT_DIR = Path("./out")
CACHE_TTL_S = 6 * 3600

log = logging.getLogger("tide_cache")


def platform_tag():
    """Build a short user-agent tag from /etc/os-release."""
    info = {}
    try:
        with open("/etc/os-release", encoding="utf-8") as fh:
            for line in fh:
                key, _, value = line.strip().partition("=")
                info[key] = value.strip('"')
    except OSError:
        return "unknown"
    return f"{info.get('ID', 'linux')}-{info.get('VERSION_ID', '0')}"


class TideCache:
    def __init__(self, cache_dir: Path, ttl: int):
        self.cache_dir = cache_dir
        self.ttl = ttl
        self.cache_dir.mkdir(parents=True, exist_ok=True)

    def _path(self, url: str) -> Path:
        key = hashlib.md5(url.encode("utf-8")).hexdigest()
        return self.cache_dir / f"{key}.json"

    def get(self, url: str):
        path = self._path(url)
        if path.exists() and time.time() - path.stat().st_mtime < self.ttl:
            log.debug("cache hit %s", path.name)
            return json.loads(path.read_text(encoding="utf-8"))
        return None

    def put(self, url: str, data) -> None:
        path = self._path(url)
        path.write_text(json.dumps(data), encoding="utf-8")
        os.chmod(path, 0o600)

    def purge_expired(self) -> int:
        removed = 0
        for path in self.cache_dir.glob("*.json"):
            if time.time() - path.stat().st_mtime > self.ttl:
                path.unlink()
                removed += 1
        return removed


def fetch(url: str, agent: str):
    req = urllib.request.Request(url, headers={"User-Agent": f"tide-cache/1.2 ({agent})"})
    with urllib.request.urlopen(req, timeout=15) as resp:
        return json.load(resp)


def predictions_for(station: str, days: int, cache: TideCache, agent: str):
    query = urllib.parse.urlencode({"station": station, "days": days, "datum": "MLLW"})
    url = f"{API_BASE}/predictions?{query}"
    data = cache.get(url)
    if data is None:
        log.info("fetching %s", url)
        data = fetch(url, agent)
        cache.put(url, data)
    return data


def next_high_tide(data):
    highs = [p for p in data.get("predictions", []) if p.get("type") == "H"]
    return highs[0] if highs else None


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("stations", nargs="+", help="tide gauge station ids")
    parser.add_argument("--days", type=int, default=3)
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    cache = TideCache(CACHE_DIR, CACHE_TTL_S)
    log.info("purged %d expired cache entries", cache.purge_expired())
    OUT_DIR.mkdir(parents=True, exist_ok=True)
    agent = platform_tag()

    env_lines, errors = [], 0
    for station in args.stations:
        try:
            data = predictions_for(station, args.days, cache, agent)
        except (urllib.error.URLError, ValueError, TimeoutError) as exc:
            log.error("station %s: %s", station, exc)
            errors += 1
            continue
        out = OUT_DIR / f"tides_{station}.json"
        out.write_text(json.dumps(data, indent=2), encoding="utf-8")
        high = next_high_tide(data)
        if high:
            var = f"TIDE_NEXT_HIGH_{station}"
            env_lines.append(f"{var}='{high.get('t', '')}'")
            env_lines.append(f"{var}_M='{high.get('v', '')}'")
        log.info("station %s: %d predictions", station, len(data.get("predictions", [])))

    env_file = OUT_DIR / "tides.env"
    env_file.write_text("\n".join(env_lines) + "\n", encoding="utf-8")
    log.info("wrote %s for the plotting scripts", env_file)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
