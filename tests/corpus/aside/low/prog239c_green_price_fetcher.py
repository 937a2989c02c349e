#!/usr/bin/env python3
"""Fetch green coffee offer prices from the importer feed and keep a local cache.

Writes prices.csv in the working directory so the roast planning sheet can
pick it up. Cached responses live in ./cache and are keyed by an MD5 of the
request URL; expired entries are pruned on every run.
"""
import argparse
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

LOG = logging.getLogger("green_prices")

DEFAULTS = {
    "feed": "https://prices.example.com/v2/green",
    "cache_dir": "cache",
    "ttl": 3600,
    "timeout": 10,
    "out": "prices.csv",
}


class PriceCache:
    """Tiny file cache in the working directory."""

    def __init__(self, root, ttl):
        self.root = Path(root)
        self.ttl = ttl
        self.root.mkdir(exist_ok=True)

    def _path(self, url):
        key = hashlib.md5(url.encode("utf-8")).hexdigest()
        return self.root / f"{key}.json"

    def get(self, url):
        path = self._path(url)
        if not path.exists():
            return None
        if time.time() - path.stat().st_mtime > self.ttl:
            return None
        try:
            return json.loads(path.read_text(encoding="utf-8"))
        except ValueError:
            LOG.warning("corrupt cache entry %s, ignoring", path.name)
            return None

    def put(self, url, data):
        self._path(url).write_text(json.dumps(data), encoding="utf-8")

    def prune(self):
        removed = 0
        for entry in self.root.glob("*.json"):
            if time.time() - entry.stat().st_mtime > self.ttl * 4:
                entry.unlink()
                removed += 1
        LOG.debug("pruned %d stale cache files", removed)


def build_url(base, origin, process):
    query = {"origin": origin}
    if process:
        query["process"] = process
    return f"{base}?{urllib.parse.urlencode(query)}"


def fetch(url, timeout):
    req = urllib.request.Request(url, headers={"Accept": "application/json",
                                               "User-Agent": "roastery-planner/1.4"})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return json.load(resp)


def collect(args, cache):
    rows = []
    for origin in args.origins:
        url = build_url(args.feed, origin, args.process)
        data = cache.get(url)
        if data is None:
            try:
                data = fetch(url, args.timeout)
            except (urllib.error.URLError, ValueError) as exc:
                LOG.error("could not fetch %s: %s", origin, exc)
                continue
            cache.put(url, data)
        for offer in data.get("offers", []):
            rows.append({
                "origin": origin,
                "lot": offer.get("lot", "?"),
                "process": offer.get("process", ""),
                "usd_per_kg": float(offer.get("price_kg", 0.0)),
                "bags": int(offer.get("bags", 0)),
            })
    return rows


def write_csv(rows, out):
    rows.sort(key=lambda r: (r["origin"], r["usd_per_kg"]))
    with open(out, "w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=["origin", "lot", "process", "usd_per_kg", "bags"])
        writer.writeheader()
        writer.writerows(rows)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("origins", nargs="+", help="e.g. ethiopia colombia kenya")
    ap.add_argument("--process", default="", help="washed, natural, honey")
    ap.add_argument("--feed", default=DEFAULTS["feed"])
    ap.add_argument("--ttl", type=int, default=DEFAULTS["ttl"])
    ap.add_argument("--timeout", type=float, default=DEFAULTS["timeout"])
    ap.add_argument("--out", default=DEFAULTS["out"])
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    cache = PriceCache(DEFAULTS["cache_dir"], args.ttl)
    cache.prune()
    rows = collect(args, cache)
    if not rows:
        LOG.error("no offers found")
        return 1
    write_csv(rows, args.out)
    LOG.info("wrote %d offers to %s", len(rows), args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
