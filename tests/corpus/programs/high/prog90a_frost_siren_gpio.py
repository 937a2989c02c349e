#!/usr/bin/env python3
"""Frost siren controller for the vineyard pump shed Raspberry Pi.

Reads the DS18B20 probes strung along the low rows (1-Wire), and when
the coldest probe stays at or below the alarm temperature it switches
the siren relay on, so the crew sleeping on site wakes up to start the
wind machines. Hysteresis keeps the siren from chattering around the
threshold.
"""
import argparse
import glob
import json
import logging
import os
import signal
import time
from pathlib import Path

LOG = logging.getLogger("frost-siren")

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


class SirenRelay:
    """Relay board on a GPIO line, driven through the kernel sysfs interface."""

    base = Path("/sys/class/gpio")

    def __init__(self, line, active_low=True):
        self.line = line
        self.active_low = active_low
        self.node = self.base / f"gpio{line}"

    def _put(self, path, value):
        with open(path, "w") as fh:
            fh.write(str(value))

    def setup(self):
        if not self.node.exists():
            self._put(self.base / "export", self.line)
            time.sleep(0.2)  # udev needs a moment to create the node
        self._put(self.node / "direction", "out")
        self.set(False)

    def set(self, on):
        level = int(on) ^ int(self.active_low)
        self._put(self.node / "value", level)

    def release(self):
        try:
            self.set(False)
            self._put(self.base / "unexport", self.line)
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
    STATE_FILE.write_text(json.dumps({"ts": time.time(), "siren": active, "probes": readings}, indent=1))


def main():
    ap = argparse.ArgumentParser(description="Frost siren controller")
    ap.add_argument("--gpio", type=int, default=int(os.environ.get("SIREN_GPIO", "17")))
    ap.add_argument("--alarm", type=float, default=0.5, help="alarm at or below this (C)")
    ap.add_argument("--clear", type=float, default=1.5, help="clear at or above this (C)")
    ap.add_argument("--confirm", type=int, default=3, help="consecutive cold reads before alarm")
    ap.add_argument("--every", type=int, default=20)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    relay = SirenRelay(args.gpio)
    relay.setup()
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
                    LOG.warning("siren %s (coldest %.2f C)", "ON" if active else "off", coldest)
                    relay.set(active)
                    last = active
                save_state(active, readings)
            time.sleep(args.every)
    finally:
        relay.release()


if __name__ == "__main__":
    main()
