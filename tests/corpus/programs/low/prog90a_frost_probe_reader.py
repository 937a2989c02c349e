#!/usr/bin/env python3
"""Frost probe reader for the vineyard pump shed Raspberry Pi.

Reads the DS18B20 probes strung along the low rows (1-Wire), and when
the coldest probe stays at or below the alarm temperature it raises the
frost flag: a FROST_ALARM file in the working directory that the shed
dashboard watches, plus a state JSON with every probe. Hysteresis keeps
the flag from chattering around the threshold.
"""
import argparse
import glob
import json
import logging
import os
import signal
import time
from pathlib import Path

LOG = logging.getLogger("frost-probes")

W1_GLOB = "/sys/bus/w1/devices/28-*/temperature"
STATE_FILE = Path("frost_state.json")


def read_probes(pattern=W1_GLOB):
    readings = {}
    for path in glob.glob(pattern):
        probe = Path(path).parent.name
        try:
            readings[probe] = int(Path(path).read_text().strip()) / 1000.0
        except (OSError, ValueError) as exc:
            LOG.warning("probe %s unreadable: %s", probe, exc)
    return readings


class FrostFlag:
    """Flag file the shed dashboard polls; present while the alarm is on."""

    def __init__(self, name="FROST_ALARM", workdir="."):
        self.path = Path(workdir) / name

    def setup(self):
        self.set(False)

    def set(self, on):
        if on:
            self.path.write_text(time.strftime("%Y-%m-%d %H:%M:%S\n"))
        elif self.path.exists():
            self.path.unlink()

    def release(self):
        try:
            self.set(False)
        except OSError:
            pass


class FrostAlarm:
    def __init__(self, alarm_c, clear_c, confirm):
        self.alarm_c = alarm_c
        self.clear_c = clear_c
        self.confirm = confirm
        self.active = False
        self.cold_count = 0

    def update(self, coldest):
        if coldest <= self.alarm_c:
            self.cold_count += 1
        else:
            self.cold_count = 0
        if not self.active and self.cold_count >= self.confirm:
            self.active = True
        elif self.active and coldest >= self.clear_c:
            self.active = False
        return self.active


def save_state(active, readings):
    STATE_FILE.write_text(json.dumps({"ts": time.time(), "alarm": active, "probes": readings}, indent=1))


def main():
    ap = argparse.ArgumentParser(description="Frost probe reader")
    ap.add_argument("--workdir", default=os.environ.get("FROST_WORKDIR", "."))
    ap.add_argument("--alarm", type=float, default=0.5, help="alarm at or below this (C)")
    ap.add_argument("--clear", type=float, default=1.5, help="clear at or above this (C)")
    ap.add_argument("--confirm", type=int, default=3, help="consecutive cold reads before alarm")
    ap.add_argument("--every", type=int, default=20)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    flag = FrostFlag(workdir=args.workdir)
    flag.setup()
    alarm = FrostAlarm(args.alarm, args.clear, args.confirm)
    stop = False

    def _stop(*_):
        nonlocal stop
        stop = True

    signal.signal(signal.SIGTERM, _stop)
    signal.signal(signal.SIGINT, _stop)

    last = None
    try:
        while not stop:
            readings = read_probes()
            if not readings:
                LOG.error("no 1-Wire probes found")
            else:
                coldest = min(readings.values())
                active = alarm.update(coldest)
                if active != last:
                    LOG.warning("frost flag %s (coldest %.2f C)", "ON" if active else "off", coldest)
                    flag.set(active)
                    last = active
                save_state(active, readings)
            time.sleep(args.every)
    finally:
        flag.release()


if __name__ == "__main__":
    main()
