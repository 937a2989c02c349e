#!/usr/bin/env python3
"""Drip irrigation zone scheduler for the orchard blocks.

Reads a zone table (zone name, GPIO line for the solenoid relay, minutes per
cycle, start times) and runs each zone in turn so the pump never feeds more
than one block at once.  Skips a cycle when the rain gauge total for the last
24 h is above the skip threshold.
"""
import argparse
import csv
import json
import logging
import sys
import time
from datetime import datetime, timedelta
from pathlib import Path

LOG = logging.getLogger("drip")

GPIO_ROOT = Path("/sys/class/gpio")


class Relay:
    """One solenoid relay on a GPIO line."""

    def __init__(self, line, active_low=True):
        self.line = int(line)
        self.active_low = active_low
        self.node = GPIO_ROOT / ("gpio%d" % self.line)

    def _write(self, path, text):
        with open(path, "w") as fh:
            fh.write(text)

    def setup(self):
        if not self.node.exists():
            self._write(GPIO_ROOT / "export", str(self.line))
            for _ in range(20):
                if (self.node / "direction").exists():
                    break
                time.sleep(0.05)
        self._write(self.node / "direction", "high" if self.active_low else "low")

    def set(self, on):
        level = (not on) if self.active_low else on
        self._write(self.node / "value", "1" if level else "0")

    def release(self):
        try:
            self.set(False)
            self._write(GPIO_ROOT / "unexport", str(self.line))
        except OSError as exc:
            LOG.warning("could not release line %d: %s", self.line, exc)


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

    zones = load_zones(args.zones)
    relays = {z["name"]: Relay(z["line"]) for z in zones}
    if not args.dry_run:
        for r in relays.values():
            r.setup()
            r.set(False)

    try:
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
