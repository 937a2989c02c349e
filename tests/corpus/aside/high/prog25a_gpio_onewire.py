#!/usr/bin/env python3
"""Greenhouse controller: read 1-Wire temperature probes, drive a fan relay.

Loads the 1-Wire kernel modules, exports the relay pin through the sysfs
GPIO interface and switches the fan on when any probe is above the
threshold.  Meant to run on the board itself.
"""
import argparse
import configparser
import glob
import logging
import os
import subprocess
import sys
import time
from typing import Dict, Optional

LOG = logging.getLogger("greenhouse")
GPIO_BASE = os.path.join("/sys", "class", "gpio")
W1_DEVICES = "/sys/bus/w1/devices"
W1_MODULES = ("w1-gpio", "w1-therm")
DEFAULT_CONFIG = """
[relay]
pin = 17
active_high = yes
[climate]
fan_on_above = 27.5
fan_off_below = 25.0
interval = 30
"""


def load_modules(modules=W1_MODULES) -> None:
    for mod in modules:
        if os.path.isdir(f"/sys/module/{mod.replace('-', '_')}"):
            continue
        LOG.info("modprobe %s", mod)
        subprocess.check_call(["/sbin/modprobe", mod])


class SysfsPin:
    """Minimal sysfs GPIO output pin."""

    def __init__(self, number: int, active_high: bool = True):
        self.number = number
        self.active_high = active_high
        self.path = os.path.join(GPIO_BASE, f"gpio{number}")

    def _write(self, path: str, value: str) -> None:
        with open(path, "w") as handle:
            handle.write(value)

    def setup(self) -> None:
        if not os.path.exists(self.path):
            self._write(os.path.join(GPIO_BASE, "export"), str(self.number))
            for _ in range(20):  # udev needs a moment to create the node
                if os.path.exists(os.path.join(self.path, "direction")):
                    break
                time.sleep(0.05)
        self._write(os.path.join(self.path, "direction"), "out")

    def set(self, on: bool) -> None:
        level = on if self.active_high else not on
        self._write(os.path.join(self.path, "value"), "1" if level else "0")

    def release(self) -> None:
        if os.path.exists(self.path):
            self._write(os.path.join(GPIO_BASE, "unexport"), str(self.number))


def read_probe(device_dir: str) -> Optional[float]:
    try:
        with open(os.path.join(device_dir, "w1_slave")) as handle:
            lines = handle.read().splitlines()
    except OSError:
        return None
    if len(lines) < 2 or not lines[0].endswith("YES"):
        return None
    _, _, milli = lines[1].partition("t=")
    return int(milli) / 1000.0 if milli else None


def read_all_probes() -> Dict[str, float]:
    readings = {}
    for device in glob.glob(os.path.join(W1_DEVICES, "28-*")):
        value = read_probe(device)
        if value is not None:
            readings[os.path.basename(device)] = value
    return readings


def control_loop(pin: SysfsPin, cfg: configparser.ConfigParser, cycles: int) -> None:
    on_above = cfg.getfloat("climate", "fan_on_above")
    off_below = cfg.getfloat("climate", "fan_off_below")
    interval = cfg.getint("climate", "interval")
    fan_on = False
    n = 0
    while cycles <= 0 or n < cycles:
        readings = read_all_probes()
        hottest = max(readings.values()) if readings else None
        if hottest is None:
            LOG.warning("no probe readings")
        elif not fan_on and hottest > on_above:
            fan_on = True
        elif fan_on and hottest < off_below:
            fan_on = False
        pin.set(fan_on)
        LOG.info("probes=%s fan=%s", readings, "on" if fan_on else "off")
        n += 1
        time.sleep(interval)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--config", help="INI file overriding the defaults")
    parser.add_argument("--cycles", type=int, default=0, help="0 = run forever")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    cfg = configparser.ConfigParser()
    cfg.read_string(DEFAULT_CONFIG)
    if args.config:
        cfg.read(args.config)
    pin = SysfsPin(cfg.getint("relay", "pin"), cfg.getboolean("relay", "active_high"))
    try:
        load_modules()
        pin.setup()
        control_loop(pin, cfg, args.cycles)
    except KeyboardInterrupt:
        LOG.info("stopping")
    except (OSError, subprocess.CalledProcessError) as exc:
        LOG.error("hardware access failed: %s", exc)
        return 1
    finally:
        try:
            pin.set(False)
            pin.release()
        except OSError:
            pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
