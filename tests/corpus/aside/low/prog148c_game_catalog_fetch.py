#!/usr/bin/env python3
"""Fetch game details (player count, play time, weight) for the library shelf cards.

Looks each title up on the public catalogue API and caches the responses in
./cache so repeated runs don't hammer the service.
"""
import argparse
import csv
import hashlib
import json
import logging
import os
import time

import requests

log = logging.getLogger("catalog")

API = "https://catalog.example.com/api/v2/search"
CACHE_DIR = "cache"
USER_AGENT = "cafe-shelf-cards/1.3 (+https://example.com/cafe)"


class CatalogClient:
    def __init__(self, base=API, cache_dir=CACHE_DIR, timeout=10, pause=1.0):
        self.base = base
        self.cache_dir = cache_dir
        self.timeout = timeout
        self.pause = pause
        self.session = requests.Session()
        self.session.headers["User-Agent"] = USER_AGENT
        os.makedirs(cache_dir, exist_ok=True)

    def _cache_path(self, title):
        # md5 is only used to turn a title into a safe file name
        key = hashlib.md5(title.lower().encode("utf-8")).hexdigest()
        return os.path.join(self.cache_dir, key + ".json")

    def lookup(self, title):
        path = self._cache_path(title)
        if os.path.exists(path):
            with open(path, encoding="utf-8") as fh:
                return json.load(fh)
        resp = self.session.get(self.base, params={"q": title, "type": "boardgame"},
                                timeout=self.timeout)
        resp.raise_for_status()
        data = resp.json()
        with open(path, "w", encoding="utf-8") as fh:
            json.dump(data, fh)
        time.sleep(self.pause)
        return data


def best_match(data, title):
    items = data.get("items", [])
    for item in items:
        if item.get("name", "").lower() == title.lower():
            return item
    return items[0] if items else None


def read_titles(path):
    with open(path, encoding="utf-8") as fh:
        return [line.strip() for line in fh if line.strip() and not line.startswith("#")]


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("titles", help="text file, one game title per line")
    ap.add_argument("--out", default="shelf_cards.csv")
    ap.add_argument("--timeout", type=float, default=10)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    client = CatalogClient(timeout=args.timeout)
    rows, missing = [], []
    for title in read_titles(args.titles):
        try:
            item = best_match(client.lookup(title), title)
        except requests.RequestException as exc:
            log.warning("lookup failed for %s: %s", title, exc)
            missing.append(title)
            continue
        if not item:
            missing.append(title)
            continue
        rows.append({
            "title": item.get("name", title),
            "players": f"{item.get('min_players', '?')}-{item.get('max_players', '?')}",
            "minutes": item.get("playing_time", ""),
            "weight": round(float(item.get("weight", 0) or 0), 1),
        })
    with open(args.out, "w", newline="", encoding="utf-8") as fh:
        w = csv.DictWriter(fh, fieldnames=["title", "players", "minutes", "weight"])
        w.writeheader()
        w.writerows(rows)
    log.info("wrote %d cards to %s", len(rows), args.out)
    if missing:
        log.info("not found: %s", ", ".join(missing))


if __name__ == "__main__":
    main()
