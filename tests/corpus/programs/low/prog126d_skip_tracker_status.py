#!/usr/bin/env python3
"""Pull current skip readings from the SkipTrack API into a daily status CSV.

Each skip on hire carries a GPS/fill-level tag.  This pulls the latest
readings for the depot, flags skips that are full or have left their permitted
site, and writes a CSV the yard office opens in the morning.
"""

import argparse
import configparser
import csv
import logging
import os
import time
from datetime import datetime, timezone
from pathlib import Path

import requests

LOG = logging.getLogger("skip_status")

DEFAULTS = {
    "api_base": "https://api.skiptrack.co.uk/v2",
    "depot_id": "DEP-001",
    "interval": "120",
    "full_threshold": "85",
}


def load_config(path):
    cfg = configparser.ConfigParser(defaults=DEFAULTS)
    if path and Path(path).exists():
        cfg.read(path)
    if not cfg.has_section("tracker"):
        cfg.add_section("tracker")
    return cfg["tracker"]


class SkipTracker:
    def __init__(self, conf):
        self.base = conf.get("api_base").rstrip("/")
        self.depot = conf.get("depot_id")
        self.full_threshold = conf.getint("full_threshold")
        self.session = requests.Session()
        token = os.environ.get("SKIPTRACK_TOKEN")
        if token:
            self.session.headers["Authorization"] = f"Bearer {token}"

    def fetch(self):
        url = f"{self.base}/depots/{self.depot}/skips"
        for attempt in range(3):
            try:
                resp = self.session.get(url, timeout=15)
                resp.raise_for_status()
                return resp.json().get("skips", [])
            except requests.RequestException as exc:
                LOG.warning("fetch attempt %d failed: %s", attempt + 1, exc)
                time.sleep(2 ** attempt)
        return []

    def classify(self, skip):
        flags = []
        if skip.get("fill_pct", 0) >= self.full_threshold:
            flags.append("FULL")
        if not skip.get("inside_geofence", True):
            flags.append("OFF_SITE")
        if skip.get("battery_pct", 100) < 15:
            flags.append("LOW_BATTERY")
        return flags


def write_status(rows, out_path):
    fields = ["skip_id", "size_yd", "customer", "postcode", "fill_pct", "flags", "seen"]
    with open(out_path, "w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=fields)
        writer.writeheader()
        for row in rows:
            writer.writerow(row)


def poll_once(tracker, out_path):
    skips = tracker.fetch()
    rows = []
    for skip in skips:
        flags = tracker.classify(skip)
        rows.append({
            "skip_id": skip.get("id"),
            "size_yd": skip.get("size_yd"),
            "customer": skip.get("customer_name", ""),
            "postcode": skip.get("postcode", ""),
            "fill_pct": skip.get("fill_pct", 0),
            "flags": "|".join(flags),
            "seen": skip.get("last_seen", ""),
        })
    write_status(rows, out_path)
    flagged = sum(1 for r in rows if r["flags"])
    LOG.info("%d skips polled, %d flagged -> %s", len(rows), flagged, out_path)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="skiptrack.ini")
    ap.add_argument("-o", "--output", default="skip_status.csv")
    ap.add_argument("--once", action="store_true", help="poll once and exit")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    conf = load_config(args.config)
    tracker = SkipTracker(conf)

    interval = conf.getint("interval")
    while True:
        started = datetime.now(timezone.utc)
        try:
            poll_once(tracker, args.output)
        except Exception:
            LOG.exception("poll failed at %s", started.isoformat())
        if args.once:
            break
        time.sleep(interval)


if __name__ == "__main__":
    main()
