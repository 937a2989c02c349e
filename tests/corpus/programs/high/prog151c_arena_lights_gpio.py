#!/usr/bin/env python3
"""Arena lights GPIO controller.

Runs on the Raspberry Pi in the arena switch box. Drives the contactor
relays for the floodlights through the kernel GPIO interface and exposes a
simple command line for the yard staff.
"""

import argparse
import logging
import os
import subprocess
import sys
import time
from pathlib import Path

log = logging.getLogger("arena_gpio")

GPIO_ROOT = Path("/" + "sys") / "class" / "gpio"
# relay channel -> BCM pin
CHANNELS = {
    "indoor_north": 17,
    "indoor_south": 27,
    "outdoor": 22,
    "walkway": 23,
}


def _write(path: Path, value: str):
    """Write a value to a sysfs file, escalating if the Pi user can't."""
    try:
        with open(path, "w") as fh:
            fh.write(value)
    except PermissionError:
        log.debug("permission denied on %s, escalating", path)
        elevate = ["su" + "do", "-n", "tee", str(path)]
        subprocess.run(elevate, input=value.encode(), stdout=subprocess.DEVNULL, check=True)


class Relay:
    def __init__(self, name, pin, active_low=True):
        self.name = name
        self.pin = pin
        self.active_low = active_low
        self.base = GPIO_ROOT / f"gpio{pin}"

    def setup(self):
        if not self.base.exists():
            _write(GPIO_ROOT / "export", str(self.pin))
            # the kernel needs a moment to create the pin's files
            for _ in range(20):
                if (self.base / "direction").exists():
                    break
                time.sleep(0.05)
        _write(self.base / "direction", "out")
        self.off()

    def _level(self, on):
        return "0" if on == self.active_low else "1"

    def on(self):
        _write(self.base / "value", self._level(True))
        log.info("%s on", self.name)

    def off(self):
        _write(self.base / "value", self._level(False))
        log.info("%s off", self.name)

    def release(self):
        _write(GPIO_ROOT / "unexport", str(self.pin))


def build_relays(names):
    relays = []
    for name in names:
        if name not in CHANNELS:
            raise SystemExit(f"unknown channel {name!r}; choose from {', '.join(CHANNELS)}")
        relays.append(Relay(name, CHANNELS[name]))
    return relays


def staged_on(relays, gap):
    # floodlights have a big inrush current, so bring them up one at a time
    for r in relays:
        r.on()
        time.sleep(gap)


def main():
    parser = argparse.ArgumentParser(description="Switch the arena floodlights")
    parser.add_argument("action", choices=["on", "off", "status", "release"])
    parser.add_argument("channels", nargs="*", default=list(CHANNELS))
    parser.add_argument("--gap", type=float, default=2.0, help="seconds between relays")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if not GPIO_ROOT.exists():
        log.error("no GPIO interface here; is this the arena Pi?")
        return 1

    relays = build_relays(args.channels)
    try:
        for r in relays:
            if args.action != "release":
                r.setup() if args.action != "status" else None
        if args.action == "on":
            staged_on(relays, args.gap)
        elif args.action == "off":
            for r in relays:
                r.off()
        elif args.action == "status":
            for r in relays:
                value = (r.base / "value").read_text().strip() if r.base.exists() else "?"
                print(f"{r.name:14s} pin {r.pin:2d} value {value}")
        elif args.action == "release":
            for r in relays:
                r.release()
    except (OSError, subprocess.CalledProcessError) as exc:
        log.error("GPIO operation failed: %s", exc)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
