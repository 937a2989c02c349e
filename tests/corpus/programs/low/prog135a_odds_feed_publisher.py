#!/usr/bin/env python3
"""Publish morning-line odds to the racecourse's public odds API.

Reads the odds compiler's feed, caches each snapshot locally so unchanged
races are not re-sent, and posts changed races to the odds API using the
key in ODDS_API_KEY.
"""
import argparse
import hashlib
import json
import logging
import os
import sys
import time
from pathlib import Path

import requests

log = logging.getLogger("odds.publish")

FEED_URL = os.environ.get("ODDS_FEED_URL", "https://compiler.example.com/morning-line.json")
API_URL = "https://api.example.com/v1/odds"
CACHE_DIR = Path("odds_cache")


def fetch_feed(url, timeout):
    r = requests.get(url, timeout=timeout)
    r.raise_for_status()
    return r.json()


def race_key(meeting, race):
    # cache key only; not used for anything security related
    return hashlib.md5(f"{meeting}:{race['number']}".encode()).hexdigest()


def fingerprint(race):
    return hashlib.md5(json.dumps(race, sort_keys=True).encode()).hexdigest()


class SnapshotCache:
    def __init__(self, directory):
        self.directory = directory
        self.directory.mkdir(exist_ok=True)
        self.index_path = self.directory / "index.json"
        self.index = self._load()

    def _load(self):
        if self.index_path.exists():
            try:
                return json.loads(self.index_path.read_text(encoding="utf-8"))
            except ValueError:
                log.warning("cache index corrupt, starting fresh")
        return {}

    def changed(self, key, fp):
        return self.index.get(key) != fp

    def remember(self, key, fp):
        self.index[key] = fp

    def save(self):
        tmp = self.index_path.with_suffix(".tmp")
        tmp.write_text(json.dumps(self.index, indent=1), encoding="utf-8")
        os.chmod(tmp, 0o600)
        os.replace(tmp, self.index_path)


class OddsApi:
    def __init__(self, api_key):
        self.session = requests.Session()
        self.session.headers.update({"X-Api-Key": api_key, "Accept": "application/json"})

    def publish(self, meeting, race):
        body = {"meeting": meeting, "race": race["number"], "runners": race["runners"],
                "published_at": int(time.time())}
        r = self.session.post(API_URL, json=body, timeout=10)
        if r.status_code == 429:
            time.sleep(int(r.headers.get("Retry-After", "5")))
            r = self.session.post(API_URL, json=body, timeout=10)
        r.raise_for_status()


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--timeout", type=float, default=10.0)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    api_key = os.environ.get("ODDS_API_KEY")
    if not api_key and not args.dry_run:
        log.error("ODDS_API_KEY is not set")
        return 1

    try:
        feed = fetch_feed(FEED_URL, args.timeout)
    except (requests.RequestException, ValueError) as exc:
        log.error("feed unavailable: %s", exc)
        return 1

    cache = SnapshotCache(CACHE_DIR)
    api = OddsApi(api_key or "")
    sent = 0
    for race in feed.get("races", []):
        key, fp = race_key(feed["meeting"], race), fingerprint(race)
        if not cache.changed(key, fp):
            continue
        if args.dry_run:
            log.info("would publish race %s", race["number"])
        else:
            try:
                api.publish(feed["meeting"], race)
            except requests.RequestException as exc:
                log.warning("race %s not published: %s", race["number"], exc)
                continue
        cache.remember(key, fp)
        sent += 1
    cache.save()
    log.info("%d races published", sent)
    return 0


if __name__ == "__main__":
    sys.exit(main())
