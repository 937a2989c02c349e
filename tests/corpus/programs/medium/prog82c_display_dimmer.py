#!/usr/bin/env python3
"""Passenger information display dimmer.

Reads a day-part schedule (schedule.json in the working directory) and
keeps the panel brightness at the configured level, with a smooth ramp
between day parts so riders on the platform do not see a jump. Works on
the X session of the display user, so it needs no special rights.

schedule.json:
    {"ramp_seconds": 600,
     "parts": [{"from": "05:00", "level": 0.55},
               {"from": "07:30", "level": 1.0},
               {"from": "21:00", "level": 0.6},
               {"from": "00:30", "level": 0.25}]}
"""
import argparse
import datetime as dt
import json
import logging
import os
import re
import signal
import subprocess
import threading
from pathlib import Path

log = logging.getLogger("dimmer")

XRANDR = os.environ.get("XRANDR_BIN", "xrandr")


def parse_hhmm(s):
    h, m = s.split(":")
    return dt.time(int(h), int(m))


class Schedule:
    def __init__(self, path):
        doc = json.loads(Path(path).read_text())
        self.ramp = int(doc.get("ramp_seconds", 600))
        self.parts = sorted(((parse_hhmm(p["from"]), float(p["level"]))
                             for p in doc["parts"]), key=lambda x: x[0])

    def target(self, now):
        t = now.time()
        current = self.parts[-1][1]
        for start, level in self.parts:
            if start <= t:
                current = level
        return max(0.05, min(1.0, current))


class Panel:
    """Software brightness of the first connected X output."""

    def __init__(self, name=None):
        out = subprocess.run([XRANDR, "--verbose"], capture_output=True,
                             text=True, check=True).stdout
        self._outputs = {}
        current = None
        for line in out.splitlines():
            m = re.match(r"^(\S+) connected", line)
            if m:
                current = m.group(1)
                continue
            m = re.match(r"^\s+Brightness:\s+([\d.]+)", line)
            if m and current:
                self._outputs[current] = float(m.group(1))
        names = [n for n in self._outputs if not name or n == name]
        if not names:
            raise RuntimeError("no connected output found")
        self.output = names[0]
        log.info("using output %s", self.output)

    def level(self):
        return self._outputs[self.output]

    def set_level(self, frac):
        frac = round(max(0.05, frac), 2)
        subprocess.run([XRANDR, "--output", self.output, "--brightness", f"{frac:.2f}"],
                       check=True, timeout=10)
        self._outputs[self.output] = frac


class Scheduler(threading.Thread):
    def __init__(self, panel, schedule, interval=30):
        super().__init__(daemon=True, name="dimmer-scheduler")
        self.panel = panel
        self.schedule = schedule
        self.interval = interval
        self.stop_event = threading.Event()

    def step(self):
        want = self.schedule.target(dt.datetime.now())
        have = self.panel.level()
        if abs(want - have) < 0.01:
            return
        max_step = max(0.02, self.interval / max(1, self.schedule.ramp))
        delta = max(-max_step, min(max_step, want - have))
        new = have + delta
        self.panel.set_level(new)
        log.debug("brightness %.2f -> %.2f (target %.2f)", have, new, want)

    def run(self):
        while not self.stop_event.is_set():
            try:
                self.step()
            except (OSError, subprocess.SubprocessError) as exc:
                log.error("xrandr call failed: %s", exc)
            self.stop_event.wait(self.interval)


def main():
    ap = argparse.ArgumentParser(description="PID dimmer")
    ap.add_argument("--schedule", default="schedule.json")
    ap.add_argument("--output", help="X output name, default: first connected")
    ap.add_argument("--interval", type=int, default=30)
    ap.add_argument("--once", action="store_true", help="apply target level and exit")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")

    schedule = Schedule(args.schedule)
    panel = Panel(args.output)
    if args.once:
        panel.set_level(schedule.target(dt.datetime.now()))
        return

    worker = Scheduler(panel, schedule, args.interval)
    signal.signal(signal.SIGTERM, lambda *_: worker.stop_event.set())
    worker.start()
    try:
        while worker.is_alive():
            worker.join(1)
    except KeyboardInterrupt:
        worker.stop_event.set()


if __name__ == "__main__":
    main()
