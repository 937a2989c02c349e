#!/usr/bin/env python3
"""Humidifier relay controller for a cheese ripening cave.

Reads relative humidity for one cave from the CaveSense gateway and
switches the ultrasonic humidifier's relay (wired to a Raspberry Pi GPIO
pin) on and off with hysteresis, so the rind does not dry out or turn
slimy.  Runs as a small loop; state changes are logged to relay.log.
"""
import argparse
import logging
import signal
import sys
import time
from pathlib import Path

import requests

GPIO_ROOT = Path("/sys/class/gpio")
log = logging.getLogger("relay")


class SysfsPin:
    """Output pin driven through the kernel's sysfs GPIO interface."""

    def __init__(self, number, active_low=False):
        self.number = number
        self.active_low = active_low
        self.path = GPIO_ROOT / f"gpio{number}"

    def _write(self, path, value):
        with open(path, "w") as fh:
            fh.write(str(value))

    def setup(self):
        if not self.path.exists():
            self._write(GPIO_ROOT / "export", self.number)
            for _ in range(20):          # udev needs a moment to create the node
                if (self.path / "direction").exists():
                    break
                time.sleep(0.05)
        self._write(self.path / "direction", "out")
        self._write(self.path / "active_low", 1 if self.active_low else 0)
        log.info("gpio%d ready", self.number)

    def set(self, on):
        self._write(self.path / "value", 1 if on else 0)

    def release(self):
        try:
            self.set(False)
            self._write(GPIO_ROOT / "unexport", self.number)
        except OSError as exc:
            log.warning("release failed: %s", exc)


class Controller:
    def __init__(self, pin, target, band, min_cycle):
        self.pin = pin
        self.low = target - band
        self.high = target + band
        self.min_cycle = min_cycle
        self.on = False
        self.changed_at = 0.0

    def step(self, rh):
        now = time.monotonic()
        if now - self.changed_at < self.min_cycle:
            return
        want = self.on
        if rh < self.low:
            want = True
        elif rh > self.high:
            want = False
        if want != self.on:
            self.pin.set(want)
            self.on, self.changed_at = want, now
            log.info("RH %.1f%% -> humidifier %s", rh, "ON" if want else "OFF")


def read_rh(gateway, cave):
    resp = requests.get(gateway, params={"cave": cave}, timeout=10)
    resp.raise_for_status()
    for item in resp.json():
        if item.get("cave") == cave:
            return float(item["rh"])
    raise KeyError(f"cave {cave} not in gateway response")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cave", default="blue_cave")
    ap.add_argument("--gateway", default="http://cave-gw.local/api/readings")
    ap.add_argument("--pin", type=int, default=17)
    ap.add_argument("--active-low", action="store_true", help="relay board switches on LOW")
    ap.add_argument("--target", type=float, default=94.0, help="target RH %%")
    ap.add_argument("--band", type=float, default=2.0)
    ap.add_argument("--interval", type=float, default=30.0)
    ap.add_argument("--min-cycle", type=float, default=120.0, help="seconds between switches")
    args = ap.parse_args(argv)
    logging.basicConfig(filename="relay.log", level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    logging.getLogger().addHandler(logging.StreamHandler())

    pin = SysfsPin(args.pin, args.active_low)
    try:
        pin.setup()
    except PermissionError:
        log.error("no access to %s - is this user in the gpio group?", GPIO_ROOT)
        return 1
    ctl = Controller(pin, args.target, args.band, args.min_cycle)

    def shutdown(signum, _frame):
        log.info("signal %d, switching humidifier off", signum)
        pin.release()
        sys.exit(0)

    signal.signal(signal.SIGTERM, shutdown)
    signal.signal(signal.SIGINT, shutdown)

    failures = 0
    while True:
        try:
            ctl.step(read_rh(args.gateway, args.cave))
            failures = 0
        except (requests.RequestException, KeyError, ValueError) as exc:
            failures += 1
            log.warning("reading failed (%d): %s", failures, exc)
            if failures >= 5 and ctl.on:
                pin.set(False)
                ctl.on = False
                log.error("no readings, humidifier forced OFF")
        time.sleep(args.interval)


if __name__ == "__main__":
    sys.exit(main())
