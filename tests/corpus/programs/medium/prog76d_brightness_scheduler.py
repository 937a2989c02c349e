#!/usr/bin/env python3
"""Day/night brightness scheduler for signage screens.

Reads a brightness schedule (brightness.json in the working directory) and
applies the level that matches the current local time to every connected
output through the X server's gamma ramp. Intended to be called from the
player's own timer every few minutes; it is idempotent.

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
import os
import re
import subprocess
import sys

LOG = logging.getLogger("brightness")
CONNECTED = re.compile(r"^(\S+) connected")
STATE_FILE = ".brightness_state.json"


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


class Output:
    def __init__(self, name, display):
        self.name = name
        self.display = display

    def set_percent(self, percent, last, dry_run=False):
        if last.get(self.name) == percent:
            LOG.debug("%s already at %d%%", self.name, percent)
            return False
        factor = f"{max(percent, 5) / 100:.2f}"
        cmd = ["xrandr", "--output", self.name, "--brightness", factor]
        LOG.info("%s -> %d%% (%s)", self.name, percent, " ".join(cmd))
        if not dry_run:
            subprocess.run(cmd, check=True, timeout=10,
                           env=dict(os.environ, DISPLAY=self.display))
        last[self.name] = percent
        return True


def discover(display, only=None):
    out = subprocess.run(["xrandr", "--query"], capture_output=True, text=True,
                         check=True, timeout=10,
                         env=dict(os.environ, DISPLAY=display)).stdout
    outputs = [Output(m.group(1), display) for m in map(CONNECTED.match, out.splitlines()) if m]
    if only:
        outputs = [o for o in outputs if o.name in only]
    return outputs


def load_state():
    try:
        with open(STATE_FILE, encoding="utf-8") as fh:
            return json.load(fh)
    except (OSError, ValueError):
        return {}


def main(argv=None):
    ap = argparse.ArgumentParser(description="apply the screen brightness schedule")
    ap.add_argument("--schedule", default="brightness.json")
    ap.add_argument("--output", action="append", help="limit to these xrandr outputs")
    ap.add_argument("--display", default=os.environ.get("DISPLAY", ":0"))
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

    try:
        outputs = discover(args.display, args.output)
    except (OSError, subprocess.SubprocessError) as exc:
        LOG.error("xrandr query failed: %s", exc)
        return 1
    if not outputs:
        LOG.warning("no connected outputs on %s", args.display)
        return 1

    state = load_state()
    failures = 0
    for output in outputs:
        try:
            output.set_percent(percent, state, dry_run=args.dry_run)
        except (OSError, subprocess.SubprocessError) as exc:
            LOG.error("%s: %s", output.name, exc)
            failures += 1
    if not args.dry_run:
        with open(STATE_FILE, "w", encoding="utf-8") as fh:
            json.dump(state, fh)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
