#!/usr/bin/env python3
"""Gravity sheet sync.

Downloads the latest hydrometer readings for each fermenter from the wireless
hydrometer cloud API and appends them to per-tank CSV sheets in the working
directory.  Responses are cached on disk (keyed by an MD5 of the request URL)
so reruns within the cache window do not hit the API again.
"""
import argparse
import csv
import hashlib
import json
import logging
import os
import sys
import time
import urllib.parse
import urllib.request
from pathlib import Path

LOG = logging.getLogger("gravity-sync")

API = {
    "base": "https://api.hydrometer.example.com/v1",
    "readings": "/devices/{device}/readings",
}

CACHE_DIR = Path(".gravity_cache")
SHEET_DIR = Path("gravity_sheets")


class Cache:
    def __init__(self, root, ttl):
        self.root = root
        self.ttl = ttl
        self.root.mkdir(exist_ok=True)

    def _path(self, url):
        return self.root / (hashlib.md5(url.encode()).hexdigest() + ".json")

    def get(self, url):
        p = self._path(url)
        if p.exists() and time.time() - p.stat().st_mtime < self.ttl:
            return json.loads(p.read_text())
        return None

    def put(self, url, data):
        self._path(url).write_text(json.dumps(data))

    def prune(self, max_age):
        removed = 0
        for p in self.root.glob("*.json"):
            if time.time() - p.stat().st_mtime > max_age:
                p.unlink()
                removed += 1
        return removed


def readings_url(device, since):
    query = urllib.parse.urlencode({"since": since, "limit": 500})
    return API["base"] + API["readings"].format(device=urllib.parse.quote(device)) + "?" + query


def fetch(url, cache, timeout):
    cached = cache.get(url)
    if cached is not None:
        LOG.debug("cache hit %s", url)
        return cached
    req = urllib.request.Request(url, headers={"Accept": "application/json"})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        data = json.load(resp)
    cache.put(url, data)
    return data


def last_timestamp(sheet):
    if not sheet.exists():
        return 0
    last = 0
    with open(sheet, newline="") as fh:
        for row in csv.DictReader(fh):
            last = max(last, int(row["ts"]))
    return last


def append_rows(sheet, rows):
    new_file = not sheet.exists()
    with open(sheet, "a", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=["ts", "sg", "temp_c", "battery"])
        if new_file:
            w.writeheader()
        for r in rows:
            w.writerow({k: r.get(k) for k in ("ts", "sg", "temp_c", "battery")})


def load_devices(path):
    with open(path) as fh:
        return json.load(fh)  # {"FV1": "device-id", ...}


def main(argv=None):
    ap = argparse.ArgumentParser(description="sync hydrometer readings to tank sheets")
    ap.add_argument("--devices", default="devices.json")
    ap.add_argument("--ttl", type=int, default=600, help="cache lifetime in seconds")
    ap.add_argument("--timeout", type=float, default=15.0)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    try:
        devices = load_devices(args.devices)
    except (OSError, ValueError) as exc:
        LOG.error("cannot read %s: %s", args.devices, exc)
        return 1
    SHEET_DIR.mkdir(exist_ok=True)
    cache = Cache(CACHE_DIR, args.ttl)
    failures = 0
    for tank, device in sorted(devices.items()):
        sheet = SHEET_DIR / ("%s.csv" % tank)
        url = readings_url(device, last_timestamp(sheet) + 1)
        try:
            data = fetch(url, cache, args.timeout)
        except (OSError, ValueError) as exc:
            LOG.warning("%s: fetch failed: %s", tank, exc)
            failures += 1
            continue
        rows = data.get("readings", [])
        append_rows(sheet, rows)
        LOG.info("%s: %d new readings", tank, len(rows))
    LOG.info("pruned %d stale cache entries", cache.prune(7 * 86400))
    return 1 if failures == len(devices) and devices else 0


if __name__ == "__main__":
    sys.exit(main())
