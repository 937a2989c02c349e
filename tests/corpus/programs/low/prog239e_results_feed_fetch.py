#!/usr/bin/env python3
"""Fetch the live results feed and keep a local copy for the commentary team.

Polls the public results API for each wave, stores each response in
./feed_cache keyed by URL, and writes ./feed/latest_<wave>.csv for the
commentators' spreadsheet. Stale cache files are cleaned up.
"""
import argparse
import csv
import hashlib
import json
import logging
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

LOG = logging.getLogger("feed")

FEED = {
    "base": "https://" + ".".join(["api", "results", "example", "org"]),
    "path": "/v1/events/{event}/waves/{wave}/results",
    "timeout": 15,
    "cache_dir": "feed_cache",
    "out_dir": "feed",
    "max_age": 6 * 3600,
}


def feed_url(event, wave):
    return FEED["base"] + FEED["path"].format(event=event, wave=wave)


def cache_name(url):
    return hashlib.md5(url.encode("utf-8")).hexdigest() + ".json"


class FeedCache:
    def __init__(self, root):
        self.root = Path(root)
        self.root.mkdir(parents=True, exist_ok=True)

    def store(self, url, payload):
        (self.root / cache_name(url)).write_text(json.dumps(payload))

    def load(self, url):
        f = self.root / cache_name(url)
        return json.loads(f.read_text()) if f.exists() else None

    def clean(self, max_age):
        now = time.time()
        removed = 0
        for f in self.root.glob("*.json"):
            if now - f.stat().st_mtime > max_age:
                f.unlink()
                removed += 1
        if removed:
            LOG.info("removed %d stale cache files", removed)


def fetch(url):
    req = urllib.request.Request(url, headers={"Accept": "application/json",
                                               "User-Agent": "commentary-feed/1.2"})
    with urllib.request.urlopen(req, timeout=FEED["timeout"]) as resp:
        return json.load(resp)


def write_csv(rows, path):
    path.parent.mkdir(parents=True, exist_ok=True)
    cols = ["place", "bib", "name", "category", "chip_time"]
    with path.open("w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=cols, extrasaction="ignore")
        w.writeheader()
        for r in rows:
            w.writerow(r)


def run_once(event, waves, cache):
    for wave in waves:
        url = feed_url(event, wave)
        try:
            data = fetch(url)
            cache.store(url, data)
        except (urllib.error.URLError, ValueError) as exc:
            LOG.warning("wave %s: %s, using cached copy", wave, exc)
            data = cache.load(url)
        if not data:
            LOG.warning("wave %s: no data", wave)
            continue
        rows = data.get("results", [])
        write_csv(rows, Path(FEED["out_dir"]) / ("latest_%s.csv" % wave))
        LOG.info("wave %s: %d rows", wave, len(rows))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--event", default="city-marathon-2024")
    ap.add_argument("--waves", default="elite,a,b,c")
    ap.add_argument("--every", type=int, default=0, help="poll interval seconds, 0 = once")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    cache = FeedCache(FEED["cache_dir"])
    waves = [w.strip() for w in args.waves.split(",") if w.strip()]
    while True:
        run_once(args.event, waves, cache)
        cache.clean(FEED["max_age"])
        if not args.every:
            break
        time.sleep(args.every)
    return 0


if __name__ == "__main__":
    sys.exit(main())
