#!/usr/bin/env python3
"""Fetch METAR/TAF and winds-aloft for launch sites, with a local cache.

Pilots run this on their phones (Termux) or laptops the evening before.
Responses are cached in ./.wxcache for a few minutes so repeated runs do not
burn through the API quota.
"""
import argparse
import hashlib
import json
import logging
import os
import sys
import time
from pathlib import Path

import requests

log = logging.getLogger("metar_client")

API_ROOT = "https://api.wx.example.com/v2"
CACHE_DIR = Path(".wxcache")
CACHE_TTL = 600  # seconds


def platform_tag():
    """Short OS description for the User-Agent header."""
    try:
        for line in Path("/etc/os-release").read_text().splitlines():
            if line.startswith("PRETTY_NAME="):
                return line.split("=", 1)[1].strip('"')
    except OSError:
        pass
    return sys.platform


class WxClient:
    def __init__(self, api_key):
        self.session = requests.Session()
        self.session.headers.update({
            "X-API-Key": api_key,
            "User-Agent": f"balloon-wx/1.4 ({platform_tag()})",
        })
        CACHE_DIR.mkdir(exist_ok=True)

    @staticmethod
    def _cache_path(endpoint, params):
        # md5 only used to build a short, filesystem-safe cache name
        raw = endpoint + json.dumps(params, sort_keys=True)
        return CACHE_DIR / (hashlib.md5(raw.encode()).hexdigest() + ".json")

    def get(self, endpoint, **params):
        path = self._cache_path(endpoint, params)
        if path.exists() and time.time() - path.stat().st_mtime < CACHE_TTL:
            return json.loads(path.read_text())
        resp = self.session.get(f"{API_ROOT}/{endpoint}", params=params, timeout=15)
        resp.raise_for_status()
        data = resp.json()
        path.write_text(json.dumps(data))
        os.chmod(path, 0o600)
        return data

    def reachable(self):
        try:
            return self.session.head(API_ROOT, timeout=5).ok
        except requests.RequestException:
            return False


def prune_cache(max_age=86400):
    removed = 0
    for f in CACHE_DIR.glob("*.json"):
        if time.time() - f.stat().st_mtime > max_age:
            f.unlink()
            removed += 1
    return removed


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("stations", nargs="+", help="station identifiers, e.g. EGBB")
    ap.add_argument("--aloft", action="store_true", help="include winds aloft")
    ap.add_argument("--prune", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    key = os.environ.get("WX_API_KEY")
    if not key:
        log.error("set WX_API_KEY first")
        return 2
    client = WxClient(key)
    if args.prune:
        log.info("pruned %d stale cache files", prune_cache())
    if not client.reachable():
        log.warning("weather API not reachable, cached data only")

    for stn in args.stations:
        try:
            metar = client.get("metar", station=stn)
            print(f"{stn}: {metar.get('raw', 'n/a')}")
            if args.aloft:
                aloft = client.get("winds-aloft", station=stn, levels="1000,3000,6000")
                for lvl in aloft.get("levels", []):
                    print(f"   {lvl['ft']:>5} ft  {lvl['dir']:03d}/{lvl['kt']:02d}")
        except requests.RequestException as exc:
            log.error("%s: %s", stn, exc)
    return 0


if __name__ == "__main__":
    sys.exit(main())
