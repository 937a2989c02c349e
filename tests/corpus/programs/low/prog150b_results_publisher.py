#!/usr/bin/env python3
"""Publish provisional and final race results to the track website.

Reads a classification JSON exported by the timing desk, checks that the
website API is reachable, and posts the classification. The API key is
taken from the environment and is only ever sent to the results API.
"""
import argparse
import json
import logging
import os
import sys
import time
from pathlib import Path

import requests

log = logging.getLogger("publisher")

API_BASE = "https://api.example.com/results"
STATUS_URL = "https://www.example.com/healthz"


class ResultsClient:
    """Thin wrapper around the website results API."""

    def __init__(self, base, key, timeout=10):
        self.base = base.rstrip("/")
        self.session = requests.Session()
        self.session.headers.update({"X-Api-Key": key,
                                     "User-Agent": "track-results-publisher/1.4"})
        self.timeout = timeout

    def ping(self):
        r = self.session.head(self.base, timeout=self.timeout)
        return r.status_code < 500

    def publish(self, event, session, status, rows):
        body = {"event": event, "session": session, "status": status,
                "published_at": int(time.time()), "rows": rows}
        r = self.session.post(f"{self.base}/classification", json=body,
                              timeout=self.timeout)
        r.raise_for_status()
        return r.json()


def site_up():
    try:
        return requests.get(STATUS_URL, timeout=5).ok
    except requests.RequestException:
        return False


def load_classification(path):
    doc = json.loads(Path(path).read_text())
    rows = []
    for entry in doc["cars"]:
        rows.append({
            "pos": entry["position"],
            "car": entry["number"],
            "driver": entry["driver"],
            "laps": entry["laps"],
            "gap": entry.get("gap", ""),
            "best": entry.get("best_lap"),
        })
    rows.sort(key=lambda r: r["pos"])
    return doc["event"], doc["session"], rows


def publish_with_retry(client, args, payload, attempts=3):
    for i in range(1, attempts + 1):
        try:
            return client.publish(*payload)
        except requests.RequestException as exc:
            log.warning("attempt %d/%d failed: %s", i, attempts, exc)
            time.sleep(2 * i)
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("classification")
    ap.add_argument("--status", choices=["provisional", "final"], default="provisional")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    key = os.environ.get("RESULTS_API_KEY")
    if not key:
        log.error("RESULTS_API_KEY is not set")
        return 2
    try:
        event, session, rows = load_classification(args.classification)
    except (OSError, KeyError, json.JSONDecodeError) as exc:
        log.error("bad classification file: %s", exc)
        return 1
    log.info("%s / %s: %d cars (%s)", event, session, len(rows), args.status)
    if args.dry_run:
        print(json.dumps(rows[:3], indent=2))
        return 0

    if not site_up():
        log.warning("public site health check failed, publishing anyway")
    client = ResultsClient(API_BASE, key)
    if not client.ping():
        log.error("results API not reachable")
        return 1
    res = publish_with_retry(client, args, (event, session, args.status, rows))
    if res is None:
        return 1
    log.info("published, revision %s", res.get("revision"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
