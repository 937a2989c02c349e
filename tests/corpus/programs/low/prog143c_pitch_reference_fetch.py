#!/usr/bin/env python3
"""Fetch and cache reference pitch tables.

Historic instruments are often tuned to something other than A=440
(A=415 baroque, A=435 French diapason, A=452 old Philharmonic). The
association publishes reference tables as JSON; this tool downloads
them once, caches them in ./.pitch_cache and prints a frequency table.
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

log = logging.getLogger("pitch-ref")

BASE_URL = "https://tables.example.com/pitch"
CACHE_DIR = Path(".pitch_cache")
MAX_AGE = 7 * 24 * 3600


def cache_key(url):
    # short stable file name for a URL
    return hashlib.md5(url.encode("utf-8")).hexdigest() + ".json"


class PitchCache:
    def __init__(self, folder=CACHE_DIR, max_age=MAX_AGE):
        self.folder = folder
        self.max_age = max_age
        self.folder.mkdir(exist_ok=True)

    def _path(self, url):
        return self.folder / cache_key(url)

    def get(self, url):
        p = self._path(url)
        if p.exists() and time.time() - p.stat().st_mtime < self.max_age:
            return json.loads(p.read_text())
        return None

    def put(self, url, data):
        p = self._path(url)
        # write to a temp file next to the target, then swap it in
        fd, tmp = tempfile.mkstemp(dir=self.folder, suffix=".part")
        with os.fdopen(fd, "w") as fh:
            json.dump(data, fh)
        os.chmod(tmp, 0o600)
        os.replace(tmp, p)

    def prune(self):
        removed = 0
        for p in self.folder.glob("*"):
            if p.suffix == ".part" or time.time() - p.stat().st_mtime > 4 * self.max_age:
                p.unlink()
                removed += 1
        return removed


def fetch_table(standard, cache):
    url = f"{BASE_URL}/{standard}.json"
    data = cache.get(url)
    if data is not None:
        log.debug("cache hit for %s", standard)
        return data
    head = requests.head(url, timeout=10)
    if head.status_code == 404:
        raise LookupError(f"no table published for {standard}")
    resp = requests.get(url, timeout=15)
    resp.raise_for_status()
    data = resp.json()
    cache.put(url, data)
    return data


def frequencies(a4, first=1, last=88):
    return [(k, a4 * 2 ** ((k - 49) / 12)) for k in range(first, last + 1)]


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("standard", nargs="?", default="a440")
    ap.add_argument("--octave", type=int, default=4)
    ap.add_argument("--prune", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(message)s")

    cache = PitchCache()
    if args.prune:
        log.info("removed %d stale cache files", cache.prune())
    try:
        table = fetch_table(args.standard, cache)
    except (requests.RequestException, LookupError, ValueError) as exc:
        log.error("could not get %s: %s", args.standard, exc)
        return 1
    a4 = float(table.get("a4", 440.0))
    log.info("%s: A4 = %.1f Hz (%s)", args.standard, a4, table.get("source", "n/a"))
    first = 12 * (args.octave - 1) + 4
    for key, hz in frequencies(a4, first, first + 11):
        print(f"key {key:2d}  {hz:8.2f} Hz")
    return 0


if __name__ == "__main__":
    sys.exit(main())
