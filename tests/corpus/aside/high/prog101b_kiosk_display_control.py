#!/usr/bin/env python3
"""Showroom kiosk display control.

Runs on the showroom touch screens. Dims the panel outside opening hours,
brings it back up in the morning and keeps the console from blanking while
the showroom is open. Opening hours come from kiosk_hours.json so the
manager can change them without touching the kiosk image.
"""
import argparse
import datetime as dt
import json
import logging
import signal
import sys
import threading
from pathlib import Path

log = logging.getLogger("kiosk-display")

BACKLIGHT_ROOT = Path("/sys/class/backlight")
CONSOLE_BLANK = Path("/sys/module/kernel/parameters/consoleblank")
DEFAULT_HOURS = {
    "mon": ["09:00", "17:30"], "tue": ["09:00", "17:30"], "wed": ["09:00", "17:30"],
    "thu": ["09:00", "20:00"], "fri": ["09:00", "17:30"], "sat": ["10:00", "16:00"],
    "sun": None,
}


class Panel:
    """Wraps the first backlight device the kernel exposes."""

    def __init__(self, root=BACKLIGHT_ROOT):
        devices = sorted(p for p in root.iterdir() if (p / "brightness").exists())
        if not devices:
            raise RuntimeError("no backlight device found")
        self.dev = devices[0]
        self.max = int((self.dev / "max_brightness").read_text())
        log.info("using backlight %s (max %d)", self.dev.name, self.max)

    @property
    def level(self):
        return int((self.dev / "actual_brightness").read_text())

    def set_percent(self, pct):
        value = max(1, round(self.max * pct / 100))
        if value == self.level:
            return
        with open(self.dev / "brightness", "w") as fh:
            fh.write(str(value))
        log.info("brightness -> %d%% (%d)", pct, value)

    def power(self, on):
        with open(self.dev / "bl_power", "w") as fh:
            fh.write("0" if on else "4")


def load_hours(path):
    try:
        return json.loads(Path(path).read_text())
    except (OSError, ValueError) as exc:
        log.warning("using default hours (%s)", exc)
        return DEFAULT_HOURS


def is_open(hours, now):
    slot = hours.get(now.strftime("%a").lower())
    if not slot:
        return False
    start, end = (dt.datetime.strptime(t, "%H:%M").time() for t in slot)
    return start <= now.time() < end


def keep_console_awake():
    try:
        CONSOLE_BLANK.write_text("0")
    except OSError as exc:
        log.debug("console blanking unchanged: %s", exc)


def control_loop(panel, hours_file, day_pct, night_pct, stop):
    state = None
    while not stop.is_set():
        hours = load_hours(hours_file)
        open_now = is_open(hours, dt.datetime.now())
        if open_now != state:
            if open_now:
                panel.power(True)
                panel.set_percent(day_pct)
                keep_console_awake()
            else:
                panel.set_percent(night_pct)
                if night_pct == 0:
                    panel.power(False)
            state = open_now
            log.info("showroom %s", "open" if open_now else "closed")
        stop.wait(60)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hours", default="kiosk_hours.json")
    ap.add_argument("--day", type=int, default=90, help="brightness %% when open")
    ap.add_argument("--night", type=int, default=5, help="brightness %% when closed")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    try:
        panel = Panel()
    except (OSError, RuntimeError) as exc:
        log.error("%s", exc)
        return 1
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    worker = threading.Thread(target=control_loop, name="display",
                              args=(panel, args.hours, args.day, args.night, stop))
    worker.start()
    try:
        while worker.is_alive():
            worker.join(1)
    except KeyboardInterrupt:
        stop.set()
        worker.join()
    return 0


if __name__ == "__main__":
    sys.exit(main())
