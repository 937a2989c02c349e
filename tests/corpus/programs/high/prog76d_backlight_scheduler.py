#!/usr/bin/env python3
"""Day/night backlight scheduler for signage panels.

Reads a brightness schedule (brightness.json in the working directory) and
applies the level that matches the current local time to every panel
backlight. Intended to be called from the player's own timer every few
minutes; it is idempotent and does nothing if the level already matches.

Schedule format:
    {"default": 80,
     "slots": [{"from": "06:30", "level": 100},
               {"from": "20:00", "level": 55},
               {"from": "23:30", "level": 10}]}
"""
import argparse
import datetime as dt
import json
import logging
import sys
from pathlib import Path

LOG = logging.getLogger("backlight")
BACKLIGHT_ROOT = Path("/sys/class/backlight")


def parse_schedule(path):
    with open(path, encoding="utf-8") as fh:
        raw = json.load(fh)
    slots = []
    for slot in raw.get("slots", []):
        hh, mm = (int(x) for x in slot["from"].split(":"))
        level = max(0, min(100, int(slot["level"])))
        slots.append((dt.time(hh, mm), level))
    slots.sort()
    return int(raw.get("default", 80)), slots


def level_for(now, default, slots):
    current = slots[-1][1] if slots else default
    for start, level in slots:
        if now >= start:
            current = level
    return current


class Panel:
    def __init__(self, node):
        self.node = node
        self.name = node.name

    @property
    def max_raw(self):
        return int((self.node / "max_brightness").read_text().strip())

    @property
    def raw(self):
        return int((self.node / "brightness").read_text().strip())

    def set_percent(self, percent, dry_run=False):
        target = round(self.max_raw * percent / 100)
        if target == self.raw:
            LOG.debug("%s already at %d", self.name, target)
            return False
        LOG.info("%s: %d -> %d (%d%%)", self.name, self.raw, target, percent)
        if not dry_run:
            (self.node / "brightness").write_text(f"{target}\n")
        return True


def discover(only=None):
    if not BACKLIGHT_ROOT.is_dir():
        return []
    panels = [Panel(p) for p in sorted(BACKLIGHT_ROOT.iterdir())]
    if only:
        panels = [p for p in panels if p.name in only]
    return panels


def main(argv=None):
    ap = argparse.ArgumentParser(description="apply the panel brightness schedule")
    ap.add_argument("--schedule", default="brightness.json")
    ap.add_argument("--panel", action="append", help="limit to these backlight devices")
    ap.add_argument("--at", help="pretend the time is HH:MM")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    try:
        default, slots = parse_schedule(args.schedule)
    except (OSError, ValueError, KeyError) as exc:
        LOG.error("cannot read schedule %s: %s", args.schedule, exc)
        return 2

    if args.at:
        hh, mm = (int(x) for x in args.at.split(":"))
        now = dt.time(hh, mm)
    else:
        now = dt.datetime.now().time()
    percent = level_for(now, default, slots)

    panels = discover(args.panel)
    if not panels:
        LOG.warning("no backlight devices found under %s", BACKLIGHT_ROOT)
        return 1

    failures = 0
    for panel in panels:
        try:
            panel.set_percent(percent, dry_run=args.dry_run)
        except (OSError, ValueError) as exc:
            LOG.error("%s: %s", panel.name, exc)
            failures += 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
