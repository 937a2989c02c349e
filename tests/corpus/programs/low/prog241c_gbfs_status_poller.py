#!/usr/bin/env python3
"""Polls the public GBFS station_status feed and caches snapshots locally.

Used by the planning team to build availability histograms: every poll is
stored under ./gbfs_cache keyed by feed URL and poll minute, and a short
summary of empty and full docks is printed.
"""
import argparse
import hashlib
import json
import logging
import os
import time
import urllib.error
import urllib.request
from pathlib import Path

LOG = logging.getLogger("gbfs-poller")

FEEDS = {
    "status": "https://gbfs.example.com/v2/en/station_status.json",
    "info": "https://gbfs.example.com/v2/en/station_information.json",
}
CACHE_DIR = Path("gbfs_cache")
USER_AGENT = "bikeshare-planning-poller/1.4"


class FeedClient:
    def __init__(self, timeout):
        self.timeout = timeout

    def get(self, url):
        req = urllib.request.Request(url, headers={"User-Agent": USER_AGENT})
        with urllib.request.urlopen(req, timeout=self.timeout) as resp:
            return json.load(resp)


class SnapshotCache:
    def __init__(self, root):
        self.root = root
        self.root.mkdir(exist_ok=True)

    @staticmethod
    def key(url, minute):
        return hashlib.md5(("%s|%d" % (url, minute)).encode()).hexdigest()

    def path_for(self, url, minute):
        return self.root / (self.key(url, minute) + ".json")

    def store(self, url, minute, data):
        path = self.path_for(url, minute)
        path.write_text(json.dumps(data))
        os.chmod(path, 0o600)
        return path

    def prune(self, keep):
        files = sorted(self.root.glob("*.json"), key=lambda p: p.stat().st_mtime)
        for old in files[:-keep] if keep else []:
            old.unlink()
        return max(0, len(files) - keep)


def summarise(status):
    stations = status.get("data", {}).get("stations", [])
    empty = sum(1 for s in stations if s.get("num_bikes_available", 0) == 0)
    full = sum(1 for s in stations if s.get("num_docks_available", 0) == 0)
    return len(stations), empty, full


def parse_args():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--feed", choices=sorted(FEEDS), default="status")
    ap.add_argument("--every", type=int, default=0, help="poll interval in seconds; 0 = once")
    ap.add_argument("--count", type=int, default=1)
    ap.add_argument("--keep", type=int, default=500, help="snapshots to keep")
    ap.add_argument("--timeout", type=float, default=10.0)
    return ap.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    url = FEEDS[args.feed]
    client = FeedClient(args.timeout)
    cache = SnapshotCache(CACHE_DIR)
    for i in range(max(1, args.count)):
        minute = int(time.time() // 60)
        try:
            data = client.get(url)
        except (urllib.error.URLError, ValueError) as exc:
            LOG.error("poll failed: %s", exc)
        else:
            path = cache.store(url, minute, data)
            if args.feed == "status":
                total, empty, full = summarise(data)
                LOG.info("%d stations, %d empty, %d full -> %s", total, empty, full, path.name)
            else:
                LOG.info("snapshot -> %s", path.name)
        if args.every and i + 1 < args.count:
            time.sleep(args.every)
    pruned = cache.prune(args.keep)
    if pruned:
        LOG.info("pruned %d old snapshots", pruned)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
