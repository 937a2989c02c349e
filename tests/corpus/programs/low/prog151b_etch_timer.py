#!/usr/bin/env python3
"""Acid bath timers for the etching room.

Start a timer per plate ("plate 3 in ferric B for 25 min"); when a plate is
due the script beeps, logs it and sends a message through the studio's
notification service so whoever is in the print room gets a ping.
"""
import argparse
import json
import logging
import os
import signal
import sys
import threading
import time
from datetime import datetime, timedelta

import requests

LOG = logging.getLogger("etchtimer")

NOTIFY_URL = "https://notify.example.com/v1/messages"
BATHS = {"ferric_a": 20, "ferric_b": 35, "edinburgh": 15, "copper_sulphate": 40}
LOG_FILE = "etch_timer.log"


def os_label():
    """Short OS name for the log header (the etching Pi vs the desk PC)."""
    try:
        with open("/etc/os-release") as fh:
            info = dict(line.rstrip().split("=", 1) for line in fh if "=" in line)
        return info.get("PRETTY_NAME", "unknown").strip('"')
    except OSError:
        return sys.platform


class Notifier:
    def __init__(self, url, api_key):
        self.url = url
        self.api_key = api_key

    def reachable(self):
        try:
            return requests.head(self.url, timeout=5).status_code < 500
        except requests.RequestException:
            return False

    def send(self, text):
        if not self.api_key:
            return
        try:
            requests.post(self.url, json={"channel": "print-room", "text": text},
                          headers={"X-Api-Key": self.api_key}, timeout=10)
        except requests.RequestException as exc:
            LOG.warning("notify failed: %s", exc)


class PlateTimer:
    def __init__(self, plate, bath, minutes, notifier):
        self.plate, self.bath, self.minutes = plate, bath, minutes
        self.due = datetime.now() + timedelta(minutes=minutes)
        self.notifier = notifier
        self._timer = threading.Timer(minutes * 60, self._fire)
        self._timer.daemon = True

    def start(self):
        LOG.info("plate %s in %s for %d min (due %s)", self.plate, self.bath,
                 self.minutes, self.due.strftime("%H:%M"))
        self._timer.start()

    def cancel(self):
        self._timer.cancel()

    def _fire(self):
        msg = f"Plate {self.plate} is due out of {self.bath} ({self.minutes} min)"
        LOG.warning(msg)
        sys.stdout.write("\a")
        sys.stdout.flush()
        self.notifier.send(msg)


def parse_plate(spec):
    # "3:ferric_b" or "3:ferric_b:28"
    parts = spec.split(":")
    if len(parts) not in (2, 3) or parts[1] not in BATHS:
        raise argparse.ArgumentTypeError(f"bad plate spec {spec!r}")
    minutes = int(parts[2]) if len(parts) == 3 else BATHS[parts[1]]
    return parts[0], parts[1], minutes


def main():
    ap = argparse.ArgumentParser(description="Etching bath timers")
    ap.add_argument("plates", nargs="+", type=parse_plate, help="plate:bath[:minutes]")
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(asctime)s %(message)s",
                        handlers=[logging.StreamHandler(), logging.FileHandler(LOG_FILE)])

    LOG.info("etch timer on %s, baths: %s", os_label(), json.dumps(BATHS))
    notifier = Notifier(NOTIFY_URL, os.environ.get("STUDIO_NOTIFY_KEY"))
    if not notifier.reachable():
        LOG.info("notification service unreachable; local beeps only")

    timers = [PlateTimer(p, b, m, notifier) for p, b, m in args.plates]
    for t in timers:
        t.start()

    def stop(_sig, _frm):
        for t in timers:
            t.cancel()
        LOG.info("timers cancelled")
        sys.exit(0)

    signal.signal(signal.SIGINT, stop)
    signal.signal(signal.SIGTERM, stop)
    latest = max(t.due for t in timers)
    while datetime.now() < latest + timedelta(seconds=2):
        time.sleep(1)
    LOG.info("all plates done")


if __name__ == "__main__":
    main()
