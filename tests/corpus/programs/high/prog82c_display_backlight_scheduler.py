#!/usr/bin/env python3
"""Passenger information display backlight scheduler.

Reads a day-part schedule (schedule.json in the working directory) and
keeps the panel backlight at the configured level, with a smooth ramp
between day parts so riders on the platform do not see a jump.

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
import signal
import threading
from pathlib import Path

log = logging.getLogger("backlight")

BACKLIGHT_ROOT = Path("/sys/class/backlight")


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
    """Backlight of the first panel found under /sys/class/backlight."""

    def __init__(self, name=None):
        candidates = [p for p in BACKLIGHT_ROOT.iterdir()] if BACKLIGHT_ROOT.exists() else []
        if name:
            candidates = [p for p in candidates if p.name == name]
        if not candidates:
            raise RuntimeError("no backlight device found")
        self.dev = candidates[0]
        self.max = int((self.dev / "max_brightness").read_text())
        log.info("using %s (max %d)", self.dev.name, self.max)

    def level(self):
        return int((self.dev / "actual_brightness").read_text()) / self.max

    def set_level(self, frac):
        raw = str(max(1, round(frac * self.max)))
        with open(self.dev / "brightness", "w") as fh:
            fh.write(raw)


class Scheduler(threading.Thread):
    def __init__(self, panel, schedule, interval=30):
        super().__init__(daemon=True, name="backlight-scheduler")
        self.panel = panel
        self.schedule = schedule
        self.interval = interval
        self.stop_event = threading.Event()

    def step(self):
        want = self.schedule.target(dt.datetime.now())
        have = self.panel.level()
        if abs(want - have) < 0.01:
            return
        # ramp: cover the full gap over ramp_seconds in interval-sized steps
        max_step = max(0.02, self.interval / max(1, self.schedule.ramp))
        delta = max(-max_step, min(max_step, want - have))
        new = have + delta
        self.panel.set_level(new)
        log.debug("backlight %.2f -> %.2f (target %.2f)", have, new, want)

    def run(self):
        while not self.stop_event.is_set():
            try:
                self.step()
            except OSError as exc:
                log.error("backlight write failed: %s", exc)
            self.stop_event.wait(self.interval)


def main():
    ap = argparse.ArgumentParser(description="PID backlight scheduler")
    ap.add_argument("--schedule", default="schedule.json")
    ap.add_argument("--device", help="backlight device name, default: first found")
    ap.add_argument("--interval", type=int, default=30)
    ap.add_argument("--once", action="store_true", help="apply target level and exit")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")

    schedule = Schedule(args.schedule)
    panel = Panel(args.device)
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
