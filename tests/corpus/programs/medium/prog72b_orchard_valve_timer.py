#!/usr/bin/env python3
"""Drip irrigation zone timer for the orchard blocks.

Reads a zone table (zone name, GPIO line for the solenoid relay, minutes per
cycle, start times) and runs each zone in turn so the pump never feeds more
than one block at once.  Skips a cycle when the rain gauge total for the last
24 h is above the skip threshold.  Relays are driven with the libgpiod
command-line tools, so the service user only needs to be in the gpio group.
"""
import argparse
import csv
import json
import logging
import shutil
import subprocess
import sys
import time
from datetime import datetime, timedelta
from pathlib import Path

LOG = logging.getLogger("drip")

CHIP = "gpiochip0"


class Relay:
    """One solenoid relay on a GPIO line, held by a gpioset child process."""

    def __init__(self, line, active_low=True, chip=CHIP):
        self.line = int(line)
        self.active_low = active_low
        self.chip = chip
        self.proc = None

    def set(self, on):
        self._drop()
        level = (not on) if self.active_low else on
        cmd = ["gpioset", "--mode=signal", self.chip, "%d=%d" % (self.line, int(level))]
        self.proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        time.sleep(0.1)
        if self.proc.poll() not in (None, 0):
            err = self.proc.stderr.read().decode(errors="replace").strip()
            raise RuntimeError("gpioset line %d failed: %s" % (self.line, err))

    def _drop(self):
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(timeout=5)
        self.proc = None

    def release(self):
        try:
            self.set(False)
        finally:
            self._drop()


def load_zones(path):
    zones = []
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            zones.append({
                "name": row["zone"],
                "line": int(row["gpio"]),
                "minutes": float(row["minutes"]),
                "starts": [s.strip() for s in row["starts"].split(";") if s.strip()],
            })
    return zones


def rain_last_24h(gauge_file):
    try:
        entries = json.loads(Path(gauge_file).read_text())
    except (OSError, ValueError):
        return 0.0
    cutoff = time.time() - 86400
    return sum(e["mm"] for e in entries if e["ts"] >= cutoff)


def run_zone(zone, relay, dry_run=False):
    LOG.info("zone %s on for %.1f min (line %d)", zone["name"], zone["minutes"], zone["line"])
    if dry_run:
        return
    relay.set(True)
    try:
        time.sleep(zone["minutes"] * 60)
    finally:
        relay.set(False)
    LOG.info("zone %s off", zone["name"])


def due_zones(zones, now, window=timedelta(minutes=1)):
    for z in zones:
        for start in z["starts"]:
            hh, mm = map(int, start.split(":"))
            t = now.replace(hour=hh, minute=mm, second=0, microsecond=0)
            if t <= now < t + window:
                yield z


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--zones", default="zones.csv")
    ap.add_argument("--gauge", default="rain_gauge.json")
    ap.add_argument("--skip-mm", type=float, default=6.0)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--once", metavar="ZONE", help="run one zone now and exit")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    if not args.dry_run and shutil.which("gpioset") is None:
        LOG.error("gpioset not found; install gpiod")
        return 1

    zones = load_zones(args.zones)
    relays = {z["name"]: Relay(z["line"]) for z in zones}
    try:
        if not args.dry_run:
            for r in relays.values():
                r.set(False)
        if args.once:
            zone = next((z for z in zones if z["name"] == args.once), None)
            if zone is None:
                LOG.error("unknown zone %s", args.once)
                return 2
            run_zone(zone, relays[zone["name"]], args.dry_run)
            return 0
        while True:
            now = datetime.now()
            due = list(due_zones(zones, now))
            if due:
                rain = rain_last_24h(args.gauge)
                if rain >= args.skip_mm:
                    LOG.info("skipping %d zone(s): %.1f mm rain in 24 h", len(due), rain)
                else:
                    for z in due:
                        run_zone(z, relays[z["name"]], args.dry_run)
            time.sleep(60 - datetime.now().second)
    except KeyboardInterrupt:
        LOG.info("stopping")
    finally:
        if not args.dry_run:
            for r in relays.values():
                r.release()
    return 0


if __name__ == "__main__":
    sys.exit(main())
