#!/usr/bin/env python3
"""Dim and brighten the foyer listings screen around screening times.

The foyer screen is a small-form PC with a panel backlight. It shows the
schedule at full brightness from 45 minutes before each screening until
the film starts, drops to a low level during the film, and goes to the
overnight level after the last screening has started.
"""

import argparse
import csv
import datetime as dt
import logging
import subprocess
import sys
import time
from pathlib import Path

log = logging.getLogger("foyer_brightness")

BACKLIGHT_ROOT = Path("/sys/class/backlight")
LEVELS = {"show": 1.0, "film": 0.35, "night": 0.05}
LEAD = dt.timedelta(minutes=45)


def todays_starts(schedule_csv, today=None):
    today = today or dt.date.today()
    starts = []
    with open(schedule_csv, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            try:
                when = dt.datetime.strptime(f"{row['date']} {row['time']}", "%Y-%m-%d %H:%M")
            except (KeyError, ValueError):
                continue
            if when.date() == today:
                starts.append(when)
    return sorted(starts)


def wanted_level(starts, now):
    if not starts or now > starts[-1]:
        return "night"
    for s in starts:
        if s - LEAD <= now < s:
            return "show"
    if now < starts[0] - LEAD:
        return "show" if now.hour >= 10 else "night"
    return "film"


class Backlight:
    def __init__(self, name=None):
        devices = sorted(BACKLIGHT_ROOT.iterdir()) if BACKLIGHT_ROOT.exists() else []
        if name:
            devices = [d for d in devices if d.name == name]
        if not devices:
            raise SystemExit("no backlight device found under /sys/class/backlight")
        self.dev = devices[0]
        self.max = int((self.dev / "max_brightness").read_text())
        self.node = self.dev / "brightness"
        log.info("using %s (max %d)", self.dev.name, self.max)

    def current(self):
        return int(self.node.read_text())

    def _write(self, value):
        try:
            self.node.write_text(f"{value}\n")
            return
        except PermissionError:
            log.debug("no direct write access to %s, going through sudo", self.node)
        proc = subprocess.run(["sudo", "-n", "tee", str(self.node)], input=f"{value}\n",
                              text=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        if proc.returncode != 0:
            raise RuntimeError(f"sudo tee failed: {proc.stderr.strip()}")

    def set_fraction(self, frac, steps=10, pause=0.05):
        target = max(1, round(self.max * frac))
        start = self.current()
        if start == target:
            return
        for i in range(1, steps + 1):
            self._write(round(start + (target - start) * i / steps))
            time.sleep(pause)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("schedule", help="screening schedule CSV (date,time,title,...)")
    ap.add_argument("--device", help="backlight device name, e.g. intel_backlight")
    ap.add_argument("--interval", type=int, default=60, help="seconds between checks")
    ap.add_argument("--once", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    light = Backlight(args.device)
    last_level, last_day, starts = None, None, []
    while True:
        now = dt.datetime.now()
        if now.date() != last_day:
            starts = todays_starts(args.schedule, now.date())
            last_day = now.date()
            log.info("%d screenings today", len(starts))
        level = wanted_level(starts, now)
        if level != last_level:
            try:
                light.set_fraction(LEVELS[level])
                log.info("brightness -> %s", level)
                last_level = level
            except (OSError, RuntimeError) as exc:
                log.error("could not set brightness: %s", exc)
        if args.once:
            break
        time.sleep(args.interval)
    return 0


if __name__ == "__main__":
    sys.exit(main())
