#!/usr/bin/env python3
"""Cache the racing odds feed for the shop display boards.

Fetches the current cards from the feed provider and keeps a local cache
so the boards still show prices when the line drops for a few minutes.
"""
import argparse
import logging
import pickle
import sys
import time
from pathlib import Path

import requests
import urllib3

FEED_URL = "https://feed.oddsfeed.example/v1/racing/cards"
CACHE_PATH = Path("/tmp/odds_feed_cache.pkl")
MAX_AGE = 300

log = logging.getLogger("feed_cache")
urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)


class FeedCache:
    def __init__(self, path, max_age):
        self.path = path
        self.max_age = max_age

    def load(self):
        if not self.path.exists():
            return None
        with open(self.path, "rb") as fh:
            entry = pickle.load(fh)
        age = time.time() - entry.get("fetched_at", 0)
        if age > self.max_age:
            log.info("cache is %.0fs old, treating as stale", age)
            entry["stale"] = True
        return entry

    def store(self, cards):
        entry = {"fetched_at": time.time(), "cards": cards, "stale": False}
        with open(self.path, "wb") as fh:
            pickle.dump(entry, fh)
        return entry


def fetch_cards(url, meeting=None, timeout=10):
    params = {"meeting": meeting} if meeting else {}
    # the provider's certificate chain is not in the shop PC's bundle
    resp = requests.get(url, params=params, timeout=timeout, verify=False)
    resp.raise_for_status()
    return resp.json().get("cards", [])


def show(entry):
    flag = " (stale)" if entry.get("stale") else ""
    print("{} cards{}".format(len(entry["cards"]), flag))
    for card in entry["cards"]:
        print("{:<6} {:<20} {} runners".format(
            card.get("off", "?"), card.get("meeting", "?"), len(card.get("runners", []))))


def main():
    parser = argparse.ArgumentParser(description="Odds feed cache")
    parser.add_argument("--url", default=FEED_URL)
    parser.add_argument("--meeting")
    parser.add_argument("--cache", type=Path, default=CACHE_PATH)
    parser.add_argument("--max-age", type=int, default=MAX_AGE)
    parser.add_argument("--refresh", action="store_true", help="ignore a fresh cache")
    parser.add_argument("--watch", type=int, default=0, help="refresh every N seconds")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    cache = FeedCache(args.cache, args.max_age)
    while True:
        entry = None if args.refresh else cache.load()
        if entry is None or entry.get("stale"):
            try:
                entry = cache.store(fetch_cards(args.url, args.meeting))
                log.info("feed refreshed")
            except (requests.RequestException, ValueError) as exc:
                log.warning("feed unavailable: %s", exc)
                if entry is None:
                    return 1
        show(entry)
        if not args.watch:
            return 0
        time.sleep(args.watch)


if __name__ == "__main__":
    sys.exit(main())
