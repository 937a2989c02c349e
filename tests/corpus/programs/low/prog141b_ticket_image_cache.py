#!/usr/bin/env python3
"""Image cache for the online ticketing pages.

The ticket shop shows an exhibition image next to every timed-entry slot.
This tool downloads those images from the collection image server once,
keeps them in a local cache keyed by URL hash, and builds the JSON bundle
(with images inlined as base64 data URIs) that the shop's static pages load.
"""
import argparse
import base64
import hashlib
import json
import logging
import os
import shutil
import sys
import tempfile
import urllib.request
from pathlib import Path

log = logging.getLogger("ticket-cache")

CACHE_DIR = Path(".ticket_image_cache")
EVENTS_URL = "https://tickets.example.com/api/events/upcoming"


def cache_key(url):
    # not security sensitive - just a stable filename for the URL
    return hashlib.md5(url.encode()).hexdigest()


class ImageCache:
    def __init__(self, root=CACHE_DIR, timeout=20):
        self.root = root
        self.timeout = timeout
        self.root.mkdir(exist_ok=True)

    def path_for(self, url):
        return self.root / (cache_key(url) + Path(url).suffix.lower())

    def get(self, url):
        target = self.path_for(url)
        if target.exists():
            return target
        log.info("fetching %s", url)
        with urllib.request.urlopen(url, timeout=self.timeout) as resp:
            # write to a private temp file first so a half-download never lands in the cache
            fd, tmp = tempfile.mkstemp(dir=self.root, suffix=".part")
            try:
                with os.fdopen(fd, "wb") as fh:
                    shutil.copyfileobj(resp, fh)
                os.replace(tmp, target)
            except BaseException:
                os.unlink(tmp)
                raise
        return target

    def clear(self):
        if self.root.exists():
            shutil.rmtree(self.root)
            log.info("cache cleared")


def fetch_events(timeout=15):
    with urllib.request.urlopen(EVENTS_URL, timeout=timeout) as resp:
        return json.load(resp)["events"]


def data_uri(path):
    mime = "image/png" if path.suffix == ".png" else "image/jpeg"
    return f"data:{mime};base64," + base64.b64encode(path.read_bytes()).decode("ascii")


def build_bundle(events, cache):
    bundle = []
    for ev in events:
        item = {"id": ev["id"], "title": ev["title"], "slots": ev.get("slots", [])}
        img = ev.get("image_url")
        if img:
            try:
                item["image"] = data_uri(cache.get(img))
            except OSError as exc:
                log.warning("image for %s unavailable: %s", ev["id"], exc)
        bundle.append(item)
    return bundle


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--out", default="ticket_bundle.json")
    ap.add_argument("--clear-cache", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    cache = ImageCache()
    if args.clear_cache:
        cache.clear()
        cache = ImageCache()
    try:
        events = fetch_events()
    except (OSError, KeyError, ValueError) as exc:
        log.error("could not load events: %s", exc)
        return 1
    bundle = build_bundle(events, cache)
    with open(args.out, "w", encoding="utf-8") as fh:
        json.dump(bundle, fh, ensure_ascii=False)
    log.info("bundle with %d events written to %s", len(bundle), args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
