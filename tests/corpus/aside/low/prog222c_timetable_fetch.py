#!/usr/bin/env python3
"""Working timetable fetcher.

Downloads the published freight working timetable for a set of routes
from the timetable service, caches responses in the working directory
(keyed by an MD5 of the request), and writes a flat CSV for the desk.
"""
import argparse
import base64
import csv
import hashlib
import json
import logging
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

LOG = logging.getLogger("wtt-fetch")

SERVICE = {
    "scheme": "https",
    "host": ".".join(("timetable", "example", "com")),
    "base": "/api/v1/wtt",
    "timeout": 20,
}

CACHE_DIR = Path("wtt_cache")
CACHE_TTL_S = 3600


def service_url(route, day):
    query = urllib.parse.urlencode({"route": route, "date": day})
    return urllib.parse.urlunsplit(
        (SERVICE["scheme"], SERVICE["host"], SERVICE["base"], query, ""))


def cache_key(url):
    return hashlib.md5(url.encode()).hexdigest()


class ResponseCache:
    def __init__(self, directory, ttl):
        self.dir = directory
        self.ttl = ttl
        self.dir.mkdir(exist_ok=True)

    def path(self, url):
        return self.dir / f"{cache_key(url)}.json"

    def load(self, url):
        p = self.path(url)
        if p.exists() and time.time() - p.stat().st_mtime < self.ttl:
            record = json.loads(p.read_text())
            return json.loads(base64.b64decode(record["body"]))
        return None

    def store(self, url, raw):
        record = {"url": url, "fetched": int(time.time()),
                  "body": base64.b64encode(raw).decode()}
        p = self.path(url)
        p.write_text(json.dumps(record))
        p.chmod(0o600)

    def prune(self):
        removed = 0
        for p in self.dir.glob("*.json"):
            if time.time() - p.stat().st_mtime > 4 * self.ttl:
                p.unlink()
                removed += 1
        return removed


def fetch(url):
    req = urllib.request.Request(url, headers={"Accept": "application/json"})
    with urllib.request.urlopen(req, timeout=SERVICE["timeout"]) as resp:
        return resp.read()


def schedules_for(route, day, cache):
    url = service_url(route, day)
    data = cache.load(url)
    if data is not None:
        LOG.debug("cache hit for %s", route)
        return data
    raw = fetch(url)
    cache.store(url, raw)
    return json.loads(raw)


def write_rows(rows, out):
    fields = ["route", "headcode", "origin", "destination", "depart", "arrive"]
    with open(out, "w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=fields, extrasaction="ignore")
        w.writeheader()
        w.writerows(rows)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("routes", nargs="+", help="route codes, e.g. NW-12")
    ap.add_argument("--date", default=time.strftime("%Y-%m-%d"))
    ap.add_argument("--out", default="wtt.csv")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    cache = ResponseCache(CACHE_DIR, CACHE_TTL_S)
    LOG.debug("pruned %d old cache files", cache.prune())
    rows, errors = [], 0
    for route in args.routes:
        try:
            for item in schedules_for(route, args.date, cache).get("services", []):
                item["route"] = route
                rows.append(item)
        except (urllib.error.URLError, OSError, ValueError) as exc:
            LOG.error("route %s failed: %s", route, exc)
            errors += 1
    write_rows(rows, args.out)
    LOG.info("%d services written to %s", len(rows), args.out)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
