#!/usr/bin/env python3
"""Publish the ring schedule to the show's mobile app.

Reads rings.csv exported from the office sheet and posts each ring's
timetable as JSON to the app provider's API. The API key lives in the
SHOWAPP_API_KEY environment variable and is only sent to that API.
"""
import argparse
import csv
import logging
import os
import sys
from collections import defaultdict
from pathlib import Path

import requests

log = logging.getLogger("schedule_publisher")

API_BASE = os.environ.get("SHOWAPP_API", "https://api.showapp.example.com/v2")
SHOW_ID = os.environ.get("SHOWAPP_SHOW_ID", "county-show-2024")


def load_schedule(path):
    rings = defaultdict(list)
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            rings[row["ring"].strip()].append({
                "time": row["time"].strip(),
                "class_no": row.get("class_no", "").strip(),
                "title": row["class"].strip(),
                "judge": row.get("judge", "").strip(),
            })
    for items in rings.values():
        items.sort(key=lambda i: i["time"])
    return rings


def publish_ring(session, ring, items, dry_run=False):
    url = f"{API_BASE}/shows/{SHOW_ID}/rings/{ring.lower().replace(' ', '-')}/schedule"
    payload = {"ring": ring, "items": items}
    if dry_run:
        log.info("would PUT %d items to %s", len(items), url)
        return True
    resp = session.put(url, json=payload, timeout=15)
    if resp.status_code >= 400:
        log.error("%s: %s %s", ring, resp.status_code, resp.text[:200])
        return False
    log.info("published %s (%d items)", ring, len(items))
    return True


def main():
    parser = argparse.ArgumentParser(description="Publish ring schedule to the show app")
    parser.add_argument("csv", type=Path)
    parser.add_argument("--ring", help="publish just this ring")
    parser.add_argument("-n", "--dry-run", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    api_key = os.environ.get("SHOWAPP_API_KEY")
    if not api_key and not args.dry_run:
        log.error("SHOWAPP_API_KEY is not set")
        return 1

    rings = load_schedule(args.csv)
    if args.ring:
        rings = {k: v for k, v in rings.items() if k == args.ring}
        if not rings:
            log.error("no ring called %s in %s", args.ring, args.csv)
            return 1

    session = requests.Session()
    session.headers.update({"Authorization": f"Bearer {api_key}",
                            "User-Agent": "county-show-office/1.0"})
    failures = sum(not publish_ring(session, ring, items, args.dry_run)
                   for ring, items in sorted(rings.items()))
    log.info("%d rings published, %d failed", len(rings) - failures, failures)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
