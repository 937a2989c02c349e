#!/usr/bin/env python3
"""Fetch cloud status for a list of customer inverters, with a local cache.

Uses the vendor's public read-only status endpoint. Responses are cached in
./cache keyed by an MD5 of the request URL so repeated runs stay cheap.
"""
import argparse
import base64
import hashlib
import json
import logging
import os
import sys
import time
import urllib.error
import urllib.parse
import urllib.request

LOG = logging.getLogger("invmon.status")

API = {
    "base": "https://" + ".".join(["status", "api", "example", "com"]),
    "path": "/public/v1/inverters/{serial}",
    "timeout": 8,
}
CACHE_DIR = os.path.join(os.getcwd(), "cache")
CACHE_TTL = 300


class StatusCache:
    def __init__(self, root, ttl):
        self.root = root
        self.ttl = ttl
        os.makedirs(root, exist_ok=True)

    def key(self, url):
        return hashlib.md5(url.encode("utf-8")).hexdigest()

    def path(self, url):
        return os.path.join(self.root, self.key(url) + ".json")

    def get(self, url):
        p = self.path(url)
        try:
            if time.time() - os.path.getmtime(p) < self.ttl:
                with open(p, "r", encoding="utf-8") as fh:
                    return json.load(fh)
        except (OSError, ValueError):
            pass
        return None

    def put(self, url, data):
        p = self.path(url)
        with open(p, "w", encoding="utf-8") as fh:
            json.dump(data, fh)
        os.chmod(p, 0o600)

    def prune(self):
        removed = 0
        for name in os.listdir(self.root):
            p = os.path.join(self.root, name)
            if name.endswith(".json") and time.time() - os.path.getmtime(p) > 10 * self.ttl:
                os.remove(p)
                removed += 1
        return removed


def status_url(serial):
    return API["base"] + API["path"].format(serial=urllib.parse.quote(serial))


def fetch(url):
    req = urllib.request.Request(url, headers={"Accept": "application/json"})
    with urllib.request.urlopen(req, timeout=API["timeout"]) as resp:
        return json.loads(resp.read().decode("utf-8"))


def summarize(serial, data):
    badge = data.get("badge_png")
    badge_b64 = base64.b64encode(badge.encode()).decode()[:16] if badge else "-"
    return "%-14s %-10s %6s W  badge=%s" % (
        serial, data.get("state", "?"), data.get("power_w", "?"), badge_b64)


def parse_args(argv):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("serials", nargs="*", help="inverter serial numbers")
    ap.add_argument("--file", help="file with one serial per line")
    ap.add_argument("--no-cache", action="store_true")
    return ap.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    serials = list(args.serials)
    if args.file:
        with open(args.file, encoding="utf-8") as fh:
            serials += [l.strip() for l in fh if l.strip()]
    if not serials:
        LOG.error("no serials given")
        return 2
    cache = StatusCache(CACHE_DIR, CACHE_TTL)
    LOG.info("pruned %d old cache entries", cache.prune())
    errors = 0
    for serial in serials:
        url = status_url(serial)
        data = None if args.no_cache else cache.get(url)
        if data is None:
            try:
                data = fetch(url)
                cache.put(url, data)
            except (urllib.error.URLError, ValueError) as exc:
                LOG.warning("%s: %s", serial, exc)
                errors += 1
                continue
        print(summarize(serial, data))
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
