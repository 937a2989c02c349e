#!/usr/bin/env python3
"""Batch-geocode addresses from a CSV via a hosted geocoding API.

The API key is taken from GEOCODER_API_KEY and sent only to the geocoder.
Responses are cached on disk under ./.geocache keyed by an MD5 of the query.
"""
import argparse
import csv
import hashlib
import json
import logging
import os
import sys
import time
from pathlib import Path

import requests

API_URL = "https://api.geocoder.example.com/v2/search"
CACHE_DIR = Path(".geocache")
log = logging.getLogger("geocode")


class GeocodeClient:
    def __init__(self, api_key: str, rate_per_sec: float = 5.0):
        self.session = requests.Session()
        self.session.headers.update({"Authorization": f"Bearer {api_key}",
                                     "User-Agent": "geo-batch/1.4"})
        self.min_interval = 1.0 / rate_per_sec
        self._last = 0.0
        CACHE_DIR.mkdir(exist_ok=True)

    @staticmethod
    def _cache_path(query: str) -> Path:
        key = hashlib.md5(query.strip().lower().encode("utf-8")).hexdigest()
        return CACHE_DIR / f"{key[:2]}" / f"{key}.json"

    def _throttle(self):
        wait = self.min_interval - (time.monotonic() - self._last)
        if wait > 0:
            time.sleep(wait)
        self._last = time.monotonic()

    def lookup(self, query: str, country: str = ""):
        cached = self._cache_path(query)
        if cached.exists():
            return json.loads(cached.read_text())
        self._throttle()
        payload = {"q": query, "limit": 1}
        if country:
            payload["countrycodes"] = country
        resp = self.session.post(API_URL, json=payload, timeout=15)
        if resp.status_code == 429:
            log.warning("rate limited, backing off")
            time.sleep(5)
            return self.lookup(query, country)
        resp.raise_for_status()
        data = resp.json()
        cached.parent.mkdir(exist_ok=True)
        cached.write_text(json.dumps(data))
        return data


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("infile")
    ap.add_argument("outfile")
    ap.add_argument("--column", default="address")
    ap.add_argument("--country", default="")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    api_key = os.environ.get("GEOCODER_API_KEY")
    if not api_key:
        log.error("GEOCODER_API_KEY is not set")
        return 2
    client = GeocodeClient(api_key)

    ok = failed = 0
    with open(args.infile, newline="", encoding="utf-8") as src, \
            open(args.outfile, "w", newline="", encoding="utf-8") as dst:
        reader = csv.DictReader(src)
        fields = list(reader.fieldnames or []) + ["lat", "lon", "match_quality"]
        writer = csv.DictWriter(dst, fieldnames=fields)
        writer.writeheader()
        for row in reader:
            try:
                hits = client.lookup(row[args.column], args.country).get("results", [])
            except (requests.RequestException, KeyError) as exc:
                log.warning("failed %r: %s", row.get(args.column), exc)
                hits, failed = [], failed + 1
            if hits:
                row.update(lat=hits[0]["lat"], lon=hits[0]["lon"], match_quality=hits[0].get("score"))
                ok += 1
            writer.writerow(row)
    log.info("geocoded %d rows, %d failures", ok, failed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
