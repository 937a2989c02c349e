#!/usr/bin/env python3
"""Dim and wake a meeting-room display panel according to the building schedule.

Reads ./room_display.json:

    {"room": "4.12", "timezone_offset_min": 60,
     "periods": [{"days": "mon-fri", "from": "07:00", "to": "19:00", "level": 85},
                 {"days": "mon-fri", "from": "19:00", "to": "22:00", "level": 30}],
     "default_level": 0}

and drives the panel's backlight so the display sleeps outside office hours.
"""
import argparse
import datetime as dt
import json
import logging
import sys
import time
from pathlib import Path

LOG = logging.getLogger("room-backlight")
DAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]


def expand_days(spec):
    days = set()
    for part in spec.split(","):
        if "-" in part:
            a, b = part.split("-")
            i, j = DAYS.index(a), DAYS.index(b)
            days.update(DAYS[i:j + 1])
        else:
            days.add(part)
    return days


def parse_hm(text):
    h, m = text.split(":")
    return dt.time(int(h), int(m))


def periods(cfg):
    for p in cfg.get("periods", []):
        yield expand_days(p["days"]), parse_hm(p["from"]), parse_hm(p["to"]), int(p["level"])


def target_level(cfg, now):
    day = DAYS[now.weekday()]
    for days, start, end, level in periods(cfg):
        if day in days and start <= now.time() < end:
            return level
    return int(cfg.get("default_level", 0))


class Backlight:
    root = Path("/sys/class/backlight")

    def __init__(self, name=None):
        devices = sorted(self.root.iterdir()) if self.root.exists() else []
        if name:
            devices = [d for d in devices if d.name == name]
        if not devices:
            raise RuntimeError("no backlight device found")
        self.dev = devices[0]
        self.max = int((self.dev / "max_brightness").read_text())

    def current_percent(self):
        return round(int((self.dev / "brightness").read_text()) * 100 / self.max)

    def apply(self, percent):
        raw = max(0, min(self.max, round(self.max * percent / 100)))
        (self.dev / "bl_power").write_text("4" if percent == 0 else "0")
        if percent:
            (self.dev / "brightness").write_text(str(raw))
        LOG.info("%s -> %d%% (raw %d)", self.dev.name, percent, raw)


def local_now(cfg):
    offset = dt.timedelta(minutes=int(cfg.get("timezone_offset_min", 0)))
    return dt.datetime.now(dt.timezone.utc) + offset


def run(cfg, panel, interval, once):
    last = None
    while True:
        level = target_level(cfg, local_now(cfg))
        if level != last:
            try:
                panel.apply(level)
                last = level
            except OSError as exc:
                LOG.error("could not set backlight: %s", exc)
        if once:
            return
        time.sleep(interval)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="room_display.json")
    ap.add_argument("--device", help="backlight device name, e.g. rpi_backlight")
    ap.add_argument("--interval", type=int, default=60)
    ap.add_argument("--once", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    try:
        cfg = json.loads(Path(args.config).read_text())
        panel = Backlight(args.device)
    except (OSError, ValueError, RuntimeError) as exc:
        LOG.error("startup failed: %s", exc)
        return 1
    LOG.info("room %s, panel %s at %d%%", cfg.get("room"), panel.dev.name, panel.current_percent())
    run(cfg, panel, args.interval, args.once)
    return 0


if __name__ == "__main__":
    sys.exit(main())
