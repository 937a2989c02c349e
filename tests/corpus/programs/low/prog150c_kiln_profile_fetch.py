#!/usr/bin/env python3
"""Kiln firing profile fetcher.

Downloads firing curves (ramp/soak segments) for each tile body from the
engineering profile service, caches them locally keyed by URL, and prints a
compact table the kiln operator can compare with the HMI settings.
"""
import argparse
import hashlib
import json
import logging
import os
import shutil
import sys
import time
from pathlib import Path

import requests

LOG = logging.getLogger("profiles")

BASE_URL = os.environ.get("PROFILE_URL", "https://profiles.example.com/api/v2")
CACHE_DIR = Path("./.profile_cache")
CACHE_TTL = 6 * 3600


def cache_path(url):
    # md5 is just a short, stable file name here
    return CACHE_DIR / (hashlib.md5(url.encode()).hexdigest() + ".json")


def cached_get(url, timeout=10):
    path = cache_path(url)
    if path.exists() and time.time() - path.stat().st_mtime < CACHE_TTL:
        LOG.debug("cache hit %s", url)
        return json.loads(path.read_text())
    resp = requests.get(url, timeout=timeout)
    resp.raise_for_status()
    data = resp.json()
    CACHE_DIR.mkdir(exist_ok=True)
    path.write_text(json.dumps(data))
    os.chmod(path, 0o600)
    return data


def service_up(timeout=5):
    try:
        r = requests.head(BASE_URL + "/health", timeout=timeout)
        return r.ok
    except requests.RequestException:
        return False


class Profile:
    def __init__(self, body, segments):
        self.body = body
        self.segments = segments

    @property
    def peak(self):
        return max((s["target_c"] for s in self.segments), default=0)

    @property
    def duration_min(self):
        return sum(s.get("ramp_min", 0) + s.get("soak_min", 0) for s in self.segments)

    def table(self):
        lines = [f"{self.body}: peak {self.peak} C, {self.duration_min} min"]
        for i, s in enumerate(self.segments, 1):
            lines.append(f"  {i:2d}. -> {s['target_c']:5d} C  ramp {s.get('ramp_min', 0):4d}  soak {s.get('soak_min', 0):4d}")
        return "\n".join(lines)


def fetch_profile(body):
    data = cached_get(f"{BASE_URL}/profiles/{body}")
    return Profile(body, data.get("segments", []))


def clear_cache():
    if CACHE_DIR.exists():
        shutil.rmtree(CACHE_DIR)
        LOG.info("cache cleared")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("bodies", nargs="*", default=["porcelain-60x60", "wall-20x50"])
    ap.add_argument("--clear-cache", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    if args.clear_cache:
        clear_cache()
    if not service_up():
        LOG.warning("profile service not answering, using cache only where possible")

    rc = 0
    for body in args.bodies:
        try:
            print(fetch_profile(body).table())
        except (requests.RequestException, ValueError, KeyError) as exc:
            LOG.error("%s: %s", body, exc)
            rc = 1
    return rc


if __name__ == "__main__":
    sys.exit(main())
