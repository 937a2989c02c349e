#!/usr/bin/env python3
"""Freezer cabinet alert notifier.

Reads the cabinet temperature log written by the probe logger (CSV with
timestamp, cabinet, celsius), works out which cabinets have been too warm for
too long, and raises an alert with the parlour alerting service so the shift
manager gets a text.
"""
import argparse
import csv
import json
import logging
import os
import sys
import urllib.error
import urllib.request
from collections import defaultdict
from datetime import datetime, timedelta

log = logging.getLogger("freezer-alerts")

ALERT_API = "https://alerts.example.com/v2/incidents"
WARN_C = -15.0
CRIT_C = -10.0


class Excursion:
    def __init__(self, cabinet):
        self.cabinet = cabinet
        self.start = None
        self.peak = None
        self.samples = 0

    def add(self, ts, celsius):
        if self.start is None:
            self.start = ts
        self.peak = celsius if self.peak is None else max(self.peak, celsius)
        self.samples += 1

    def severity(self):
        return "critical" if self.peak is not None and self.peak >= CRIT_C else "warning"


def read_log(path, since):
    per_cabinet = defaultdict(list)
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            try:
                ts = datetime.fromisoformat(row["timestamp"])
                c = float(row["celsius"])
            except (KeyError, ValueError):
                continue
            if ts >= since:
                per_cabinet[row["cabinet"]].append((ts, c))
    return per_cabinet


def find_excursions(per_cabinet, min_minutes):
    found = []
    for cabinet, samples in per_cabinet.items():
        exc = None
        for ts, c in sorted(samples):
            if c > WARN_C:
                exc = exc or Excursion(cabinet)
                exc.add(ts, c)
            else:
                exc = None
        if exc and exc.start and (samples[-1][0] - exc.start) >= timedelta(minutes=min_minutes):
            found.append(exc)
    return found


def raise_alert(exc, store, api_key):
    payload = {
        "store": store,
        "cabinet": exc.cabinet,
        "severity": exc.severity(),
        "peak_c": exc.peak,
        "since": exc.start.isoformat(),
    }
    req = urllib.request.Request(
        ALERT_API, data=json.dumps(payload).encode(), method="POST",
        headers={"Content-Type": "application/json",
                 "Authorization": f"Bearer {api_key}"})
    try:
        with urllib.request.urlopen(req, timeout=10) as resp:
            log.info("alert for %s accepted (%s)", exc.cabinet, resp.status)
    except urllib.error.URLError as e:
        log.error("alert for %s failed: %s", exc.cabinet, e)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--log", default="cabinet_temps.csv")
    ap.add_argument("--store", required=True)
    ap.add_argument("--hours", type=int, default=2)
    ap.add_argument("--min-minutes", type=int, default=20)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    api_key = os.environ.get("PARLOUR_ALERTS_KEY")
    if not api_key and not args.dry_run:
        log.error("PARLOUR_ALERTS_KEY is not set")
        sys.exit(1)

    since = datetime.now() - timedelta(hours=args.hours)
    excursions = find_excursions(read_log(args.log, since), args.min_minutes)
    if not excursions:
        log.info("all cabinets within range")
        return
    for exc in excursions:
        log.warning("%s above %.0f C since %s (peak %.1f)",
                    exc.cabinet, WARN_C, exc.start, exc.peak)
        if not args.dry_run:
            raise_alert(exc, args.store, api_key)


if __name__ == "__main__":
    main()
