#!/usr/bin/env python3
"""TLE fetch with local cache.

Downloads element sets for a list of catalogue numbers from the public
orbit data service and keeps them in a cache directory under the working
directory, keyed by request, so repeated console refreshes stay offline.
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

log = logging.getLogger("gs.tlefetch")

SERVICE = {
    "base": "https://" + ".".join(("orbits", "example", "org")),
    "path": "/elements/gp.php",
    "timeout": 15,
    "user_agent": "gs-console-tlefetch/1.4",
}
CACHE_DIR = Path("./.tle_cache")
TTL_S = 4 * 3600


def request_url(norad):
    query = urllib.parse.urlencode({"CATNR": norad, "FORMAT": "tle"})
    return "%s%s?%s" % (SERVICE["base"], SERVICE["path"], query)


class TleCache:
    def __init__(self, directory, ttl):
        self.dir = directory
        self.ttl = ttl
        self.dir.mkdir(exist_ok=True)

    @staticmethod
    def key(url):
        return hashlib.md5(url.encode()).hexdigest()

    def path(self, url):
        return self.dir / (self.key(url) + ".tle")

    def get(self, url):
        p = self.path(url)
        if p.exists() and time.time() - p.stat().st_mtime < self.ttl:
            return p.read_text()
        return None

    def put(self, url, text):
        p = self.path(url)
        p.write_text(text)
        os.chmod(p, 0o600)

    def purge(self):
        removed = 0
        for p in self.dir.glob("*.tle"):
            if time.time() - p.stat().st_mtime >= self.ttl:
                p.unlink()
                removed += 1
        return removed


def fetch(url):
    req = urllib.request.Request(url, headers={"User-Agent": SERVICE["user_agent"]})
    with urllib.request.urlopen(req, timeout=SERVICE["timeout"]) as resp:
        return resp.read().decode("ascii", errors="replace")


def looks_like_tle(text):
    lines = [l for l in text.splitlines() if l.strip()]
    return len(lines) >= 2 and lines[-2].startswith("1 ") and lines[-1].startswith("2 ")


def main():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("norad", nargs="+", type=int, help="catalogue numbers")
    p.add_argument("-o", "--out", default="tracked.tle")
    p.add_argument("--purge", action="store_true", help="drop expired cache entries")
    p.add_argument("--json", action="store_true", help="print a JSON status summary")
    args = p.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    cache = TleCache(CACHE_DIR, TTL_S)
    if args.purge:
        log.info("purged %d expired entries", cache.purge())

    status, chunks = {}, []
    for norad in args.norad:
        url = request_url(norad)
        text = cache.get(url)
        if text is None:
            try:
                text = fetch(url)
            except (urllib.error.URLError, OSError) as exc:
                log.warning("%d: fetch failed (%s)", norad, exc)
                status[norad] = "error"
                continue
            if not looks_like_tle(text):
                log.warning("%d: unexpected response", norad)
                status[norad] = "invalid"
                continue
            cache.put(url, text)
            status[norad] = "fetched"
        else:
            status[norad] = "cached"
        chunks.append(text.strip())

    Path(args.out).write_text("\n".join(chunks) + "\n")
    if args.json:
        print(json.dumps(status, indent=2))
    return 0 if chunks else 1


if __name__ == "__main__":
    sys.exit(main())
