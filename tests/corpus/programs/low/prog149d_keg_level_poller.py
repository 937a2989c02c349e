#!/usr/bin/env python3
"""Keg level poller.

Reads the keg scale gateway every few minutes, appends readings to a CSV in
the working directory, and raises a low-keg alert through the taproom
notification API so whoever is on shift can swap the keg before it blows.
"""
import argparse
import csv
import logging
import os
import sys
import time
from datetime import datetime
from pathlib import Path

import requests

LOG = logging.getLogger("keg-poller")

GATEWAY = os.environ.get("KEG_GATEWAY", "http://192.168.40.10")
ALERT_API = "https://notify.example.com/v2/alerts"
READINGS = Path("keg_readings.csv")
FIELDS = ["time", "tap", "beer", "litres", "capacity", "percent"]


class KegReading:
    def __init__(self, tap, beer, litres, capacity):
        self.tap = tap
        self.beer = beer
        self.litres = float(litres)
        self.capacity = float(capacity) or 1.0

    @property
    def percent(self):
        return round(100.0 * self.litres / self.capacity, 1)

    def row(self):
        return {"time": datetime.now().isoformat(timespec="seconds"), "tap": self.tap,
                "beer": self.beer, "litres": self.litres, "capacity": self.capacity,
                "percent": self.percent}


def gateway_alive(session):
    try:
        return session.head(f"{GATEWAY}/status", timeout=3).ok
    except requests.RequestException:
        return False


def read_kegs(session):
    resp = session.get(f"{GATEWAY}/api/kegs", timeout=5)
    resp.raise_for_status()
    return [KegReading(k["tap"], k.get("beer", "?"), k["litres"], k["capacity"])
            for k in resp.json().get("kegs", [])]


def append_readings(readings):
    new_file = not READINGS.exists()
    with READINGS.open("a", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=FIELDS)
        if new_file:
            writer.writeheader()
        for r in readings:
            writer.writerow(r.row())


def send_alert(session, reading, api_key):
    payload = {
        "channel": "bar-staff",
        "title": f"Tap {reading.tap} running low",
        "body": f"{reading.beer} is at {reading.percent}% ({reading.litres:.1f} L left)",
    }
    resp = session.post(ALERT_API, json=payload, timeout=10,
                        headers={"Authorization": f"Bearer {api_key}"})
    resp.raise_for_status()


def main():
    parser = argparse.ArgumentParser(description="Poll keg levels")
    parser.add_argument("--interval", type=int, default=300)
    parser.add_argument("--low", type=float, default=10.0, help="alert below this percent")
    parser.add_argument("--once", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    api_key = os.environ.get("NOTIFY_API_KEY")
    if not api_key:
        LOG.warning("NOTIFY_API_KEY not set, alerts disabled")

    alerted = set()
    session = requests.Session()
    while True:
        if not gateway_alive(session):
            LOG.warning("gateway %s not responding", GATEWAY)
        else:
            try:
                readings = read_kegs(session)
                append_readings(readings)
                for r in readings:
                    if r.percent < args.low and r.tap not in alerted and api_key:
                        send_alert(session, r, api_key)
                        alerted.add(r.tap)
                    elif r.percent >= args.low:
                        alerted.discard(r.tap)  # keg was swapped
            except (requests.RequestException, KeyError, ValueError) as exc:
                LOG.error("poll failed: %s", exc)
        if args.once:
            return 0
        time.sleep(args.interval)


if __name__ == "__main__":
    sys.exit(main())
