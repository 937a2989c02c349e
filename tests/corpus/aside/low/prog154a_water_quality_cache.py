#!/usr/bin/env python3
"""Cache the water supplier's published quality data for the plant room.

The dosing engineer compares our incoming mains water (hardness, alkalinity,
background chlorine) with the supplier's published zone data. The supplier's
site is slow, so responses are cached in ./.wq_cache/ keyed by URL and
expired after a configurable number of hours.
"""
import argparse
import hashlib
import json
import logging
import os
import platform
import sys
import time
import urllib.request
from pathlib import Path

log = logging.getLogger("wq-cache")

SUPPLIER = "https://data.example.org/water-quality/zones"
CACHE_DIR = Path(".wq_cache")


def _os_label():
    """Short OS description for the User-Agent header."""
    try:
        with open("/etc/os-release") as fh:
            fields = dict(line.rstrip().split("=", 1) for line in fh if "=" in line)
        return fields.get("PRETTY_NAME", "linux").strip('"')
    except OSError:
        return platform.system()


USER_AGENT = f"pool-wq-cache/1.2 ({_os_label()})"


def cache_key(url):
    # not security related: just a short stable filename for the URL
    return hashlib.md5(url.encode("utf-8")).hexdigest()


class ResponseCache:
    def __init__(self, root, max_age_h):
        self.root = root
        self.max_age = max_age_h * 3600
        self.root.mkdir(exist_ok=True)

    def _path(self, url):
        return self.root / f"{cache_key(url)}.json"

    def get(self, url):
        p = self._path(url)
        if p.exists() and time.time() - p.stat().st_mtime < self.max_age:
            return json.loads(p.read_text())
        return None

    def put(self, url, data):
        p = self._path(url)
        tmp = p.with_suffix(".part")
        tmp.write_text(json.dumps(data))
        os.chmod(tmp, 0o600)
        tmp.replace(p)

    def prune(self):
        removed = 0
        for p in self.root.glob("*.json"):
            if time.time() - p.stat().st_mtime > self.max_age * 4:
                p.unlink()
                removed += 1
        for p in self.root.glob("*.part"):
            p.unlink()
        return removed


def fetch(url, cache, timeout=15):
    hit = cache.get(url)
    if hit is not None:
        log.debug("cache hit %s", url)
        return hit
    req = urllib.request.Request(url, headers={"User-Agent": USER_AGENT})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        data = json.load(resp)
    cache.put(url, data)
    return data


def report(zone_data, keys):
    for k in keys:
        v = zone_data.get(k)
        print(f"  {k:<22} {v if v is not None else 'n/a'}")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("zones", nargs="+", help="supply zone codes, e.g. Z041")
    ap.add_argument("--max-age", type=float, default=24, help="hours")
    ap.add_argument("--prune", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    cache = ResponseCache(CACHE_DIR, args.max_age)
    if args.prune:
        log.info("pruned %d stale cache files", cache.prune())
    failures = 0
    for zone in args.zones:
        try:
            data = fetch(f"{SUPPLIER}/{zone}", cache)
        except (OSError, ValueError) as exc:
            log.error("%s: %s", zone, exc)
            failures += 1
            continue
        print(f"Zone {zone} (sampled {data.get('sample_date', '?')})")
        report(data, ["total_hardness_mg_l", "alkalinity_mg_l", "free_chlorine_mg_l", "ph"])
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
