#!/usr/bin/env python3
"""Mirror published contest results pages for offline viewing.

On contest day the hall Wi-Fi is unreliable, so the results team mirrors
the organiser's results pages onto the laptop beforehand. Pages are cached
under ./feed_cache keyed by URL hash and refreshed when older than the
configured age.
"""
import argparse
import hashlib
import json
import logging
import os
import shutil
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

log = logging.getLogger("feed-mirror")

CACHE_DIR = Path("feed_cache")
DEFAULT_FEEDS = [
    "https://results.example.com/contests/area/latest.json",
    "https://results.example.com/contests/regional/latest.json",
    "https://www.example.org/brass/contest-calendar.json",
]


def cache_key(url):
    # MD5 is only used to get a short, stable file name for each URL
    return hashlib.md5(url.encode("utf-8")).hexdigest()


class FeedCache:
    def __init__(self, root, max_age):
        self.root = root
        self.max_age = max_age
        self.root.mkdir(exist_ok=True)

    def path_for(self, url):
        return self.root / f"{cache_key(url)}.json"

    def fresh(self, url):
        p = self.path_for(url)
        return p.exists() and (time.time() - p.stat().st_mtime) < self.max_age

    def store(self, url, body):
        p = self.path_for(url)
        tmp = p.with_suffix(".part")
        tmp.write_bytes(body)
        tmp.replace(p)
        return p

    def clear(self):
        if self.root.exists():
            shutil.rmtree(self.root)
            log.info("removed %s", self.root)


def check_reachable(url, timeout):
    req = urllib.request.Request(url, method="HEAD")
    try:
        with urllib.request.urlopen(req, timeout=timeout) as resp:
            return resp.status < 400
    except urllib.error.URLError:
        return False


def fetch(url, timeout):
    req = urllib.request.Request(url, headers={"User-Agent": "band-feed-mirror/1.2"})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return resp.read()


def main():
    ap = argparse.ArgumentParser(description="Mirror contest results feeds")
    ap.add_argument("feeds", nargs="*", default=DEFAULT_FEEDS)
    ap.add_argument("--max-age", type=int, default=900, help="seconds")
    ap.add_argument("--timeout", type=float, default=10.0)
    ap.add_argument("--clear", action="store_true", help="drop the cache first")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    cache = FeedCache(CACHE_DIR, args.max_age)
    if args.clear:
        cache.clear()
        cache = FeedCache(CACHE_DIR, args.max_age)

    index = {}
    for url in args.feeds:
        if cache.fresh(url):
            log.info("fresh: %s", url)
            index[url] = str(cache.path_for(url))
            continue
        if not check_reachable(url, args.timeout):
            log.warning("unreachable: %s", url)
            continue
        try:
            body = fetch(url, args.timeout)
            json.loads(body)  # make sure it is real JSON before caching
        except (urllib.error.URLError, ValueError) as exc:
            log.warning("failed %s: %s", url, exc)
            continue
        index[url] = str(cache.store(url, body))
        log.info("mirrored %s", url)

    with open(os.path.join(CACHE_DIR, "index.json"), "w") as fh:
        json.dump(index, fh, indent=2)
    return 0 if index else 1


if __name__ == "__main__":
    sys.exit(main())
