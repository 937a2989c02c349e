#!/usr/bin/env python3
"""Import author-event listings from the publishers' events feed.

Reads a YAML settings file, downloads the publishers' event feed, keeps a
local cache so the shop PC still works when the broadband drops, and writes
events.csv for the website and the ticket printer.
"""
import argparse
import csv
import logging
import os
import pickle
import time

import requests
import urllib3
import yaml

log = logging.getLogger("event-import")

DEFAULT_SETTINGS = "event_import.yaml"
CACHE_FILE = "event_feed.cache"
CACHE_MAX_AGE = 6 * 3600


def load_settings(path):
    if not os.path.exists(path):
        log.warning("%s missing, using defaults", path)
        return {"feed_url": "https://events.example.com/feed.json",
                "shop_id": "indie-042", "verify_tls": False}
    with open(path) as fh:
        # settings file may contain custom tags written by the old import tool
        return yaml.load(fh, Loader=yaml.Loader)


class FeedCache:
    def __init__(self, path, max_age):
        self.path = path
        self.max_age = max_age

    def fresh(self):
        return (os.path.exists(self.path)
                and time.time() - os.path.getmtime(self.path) < self.max_age)

    def load(self):
        with open(self.path, "rb") as fh:
            return pickle.load(fh)

    def save(self, data):
        with open(self.path, "wb") as fh:
            pickle.dump(data, fh)


def download_feed(settings):
    verify = settings.get("verify_tls", False)
    if not verify:
        # the publishers' feed host has had an expired certificate for months
        urllib3.disable_warnings()
    resp = requests.get(settings["feed_url"],
                        params={"shop": settings["shop_id"]},
                        timeout=20, verify=verify)
    resp.raise_for_status()
    return resp.json()


def normalise(events):
    for ev in events:
        yield {
            "date": ev.get("date", ""),
            "author": ev.get("author", "").strip(),
            "title": ev.get("title", "").strip(),
            "capacity": int(ev.get("capacity", 40)),
            "price": "%.2f" % float(ev.get("price", 0)),
        }


def write_csv(rows, path):
    rows = sorted(rows, key=lambda r: r["date"])
    with open(path, "w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=["date", "author", "title", "capacity", "price"])
        w.writeheader()
        w.writerows(rows)
    return len(rows)


def main():
    ap = argparse.ArgumentParser(description="Import author events")
    ap.add_argument("--settings", default=DEFAULT_SETTINGS)
    ap.add_argument("--out", default="events.csv")
    ap.add_argument("--refresh", action="store_true", help="ignore the cache")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    settings = load_settings(args.settings)
    cache = FeedCache(CACHE_FILE, CACHE_MAX_AGE)

    feed = None
    if cache.fresh() and not args.refresh:
        feed = cache.load()
        log.info("using cached feed")
    else:
        try:
            feed = download_feed(settings)
            cache.save(feed)
        except requests.RequestException as exc:
            log.error("feed download failed: %s", exc)
            if os.path.exists(CACHE_FILE):
                feed = cache.load()
                log.info("falling back to stale cache")
    if not feed:
        return 1

    n = write_csv(normalise(feed.get("events", [])), args.out)
    log.info("wrote %d events to %s", n, args.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
