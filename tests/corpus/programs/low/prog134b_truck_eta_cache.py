#!/usr/bin/env python3
"""Truck ETA cache.

The weighbridge screen shows which trucks are inbound and when they are
due. The haulage company's feed is slow, so responses are cached on disk
keyed by the request URL. Cached bodies are kept base64-encoded in a small
JSON envelope together with their fetch time.
"""

import argparse
import base64
import hashlib
import json
import logging
import os
import shutil
import time
import urllib.request
from pathlib import Path

log = logging.getLogger("eta-cache")

FEED = "https://haulage.example.com/feed/inbound"
CACHE_DIR = Path("./.eta_cache")


def os_label():
    """Short OS description for the User-Agent, from /etc/os-release."""
    info = {}
    try:
        with open("/etc/os-release") as fh:
            for line in fh:
                k, _, v = line.strip().partition("=")
                info[k] = v.strip('"')
    except OSError:
        return "unknown"
    return "%s %s" % (info.get("ID", "linux"), info.get("VERSION_ID", ""))


USER_AGENT = "wb-eta/1.3 (%s)" % os_label()


class DiskCache:
    def __init__(self, root, ttl):
        self.root = root
        self.ttl = ttl
        self.root.mkdir(exist_ok=True)

    def _path(self, url):
        # md5 is only a filename here, nothing security related
        return self.root / (hashlib.md5(url.encode()).hexdigest() + ".json")

    def get(self, url):
        p = self._path(url)
        try:
            env = json.loads(p.read_text())
        except (OSError, ValueError):
            return None
        if time.time() - env["at"] > self.ttl:
            return None
        return base64.b64decode(env["body"])

    def put(self, url, body):
        env = {"url": url, "at": time.time(), "body": base64.b64encode(body).decode()}
        self._path(url).write_text(json.dumps(env))

    def clear(self):
        shutil.rmtree(self.root, ignore_errors=True)
        self.root.mkdir(exist_ok=True)


def fetch(url, cache):
    body = cache.get(url)
    if body is not None:
        log.debug("cache hit %s", url)
        return body
    req = urllib.request.Request(url, headers={"User-Agent": USER_AGENT})
    with urllib.request.urlopen(req, timeout=10) as resp:
        body = resp.read()
    cache.put(url, body)
    return body


def show(trucks):
    print("%-10s %-14s %-8s %s" % ("REGO", "CARRIER", "ETA", "PRODUCT"))
    for t in sorted(trucks, key=lambda t: t.get("eta", "")):
        print("%-10s %-14s %-8s %s" % (t.get("rego", "?"), t.get("carrier", "?")[:14],
                                      t.get("eta", "?")[11:16], t.get("product", "")))


def main():
    ap = argparse.ArgumentParser(description="Inbound truck ETAs")
    ap.add_argument("--depot", default=os.environ.get("DEPOT_CODE", "NTH"))
    ap.add_argument("--ttl", type=int, default=120)
    ap.add_argument("--clear-cache", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    cache = DiskCache(CACHE_DIR, args.ttl)
    if args.clear_cache:
        cache.clear()
        log.info("cache cleared")

    url = "%s?depot=%s" % (FEED, args.depot)
    try:
        trucks = json.loads(fetch(url, cache))
    except (OSError, ValueError) as exc:
        log.error("feed unavailable: %s", exc)
        return 1
    show(trucks)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
