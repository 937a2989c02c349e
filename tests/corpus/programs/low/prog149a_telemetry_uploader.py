#!/usr/bin/env python3
"""Upload tram telemetry summaries to the fleet analytics API.

Reads the compacted daily telemetry files, builds one summary per tram
(distance, max line voltage dip, door cycles) and posts it to the analytics
service.  Summaries already accepted are remembered in a small local cache.
"""
import argparse
import gzip
import hashlib
import json
import logging
import os
import sys
import tempfile
from collections import defaultdict
from pathlib import Path

import requests

log = logging.getLogger("telemetry_upload")

API_URL = "https://analytics.example.com/v2/tram-summaries"
CACHE_PATH = Path(".upload_cache.json")


def cache_key(path):
    # content hash only used to skip files we've already sent
    h = hashlib.md5()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(65536), b""):
            h.update(block)
    return h.hexdigest()


def load_cache():
    try:
        return json.loads(CACHE_PATH.read_text())
    except (OSError, ValueError):
        return {}


def save_cache(cache):
    # write atomically next to the real file, private to this user
    fd, tmp = tempfile.mkstemp(dir=".", prefix=".upload_cache.", suffix=".tmp")
    with os.fdopen(fd, "w") as fh:
        json.dump(cache, fh, indent=1)
    os.chmod(tmp, 0o600)
    os.replace(tmp, CACHE_PATH)


def summarise(path):
    trams = defaultdict(lambda: {"km": 0.0, "min_voltage": None, "door_cycles": 0})
    with gzip.open(path, "rt") as fh:
        for line in fh:
            try:
                rec = json.loads(line)
            except ValueError:
                continue
            s = trams[rec.get("tram", "unknown")]
            s["km"] += rec.get("speed_kmh", 0) / 3600.0
            v = rec.get("line_voltage")
            if v is not None and (s["min_voltage"] is None or v < s["min_voltage"]):
                s["min_voltage"] = v
            if rec.get("door_event") == "open":
                s["door_cycles"] += 1
    return trams


class AnalyticsClient:
    def __init__(self, url, api_key):
        self.url = url
        self.session = requests.Session()
        self.session.headers.update({"Authorization": f"Bearer {api_key}",
                                     "Content-Type": "application/json"})

    def post_summary(self, day, tram, summary):
        body = {"day": day, "tram": tram, **summary}
        r = self.session.post(self.url, json=body, timeout=20)
        r.raise_for_status()
        return r.json().get("accepted", False)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--dir", default="compacted")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    api_key = os.environ.get("FLEET_ANALYTICS_KEY")
    if not api_key and not args.dry_run:
        log.error("FLEET_ANALYTICS_KEY is not set")
        return 2

    client = AnalyticsClient(API_URL, api_key or "")
    cache = load_cache()
    for path in sorted(Path(args.dir).glob("telemetry-*.jsonl.gz")):
        key = cache_key(path)
        if cache.get(path.name) == key:
            continue
        day = path.name.split("-")[1].split(".")[0]
        sent = 0
        for tram, summary in summarise(path).items():
            if args.dry_run:
                print(day, tram, json.dumps(summary))
                continue
            try:
                if client.post_summary(day, tram, summary):
                    sent += 1
            except requests.RequestException as exc:
                log.error("%s %s: %s", day, tram, exc)
        log.info("%s: %d summaries sent", day, sent)
        if not args.dry_run:
            cache[path.name] = key
    if not args.dry_run:
        save_cache(cache)
    return 0


if __name__ == "__main__":
    sys.exit(main())
