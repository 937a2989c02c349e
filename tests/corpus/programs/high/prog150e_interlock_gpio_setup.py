#!/usr/bin/env python3
"""Set up the GPIO lines used by the car door interlock relays on the
station controller (Raspberry Pi class board).

Exports the door-closed sense inputs and the interlock relay outputs,
sets their direction, and installs a udev rule so the interlock service
user can access them after a reboot.
"""
import argparse
import grp
import logging
import os
import time
from pathlib import Path

log = logging.getLogger("gpio_setup")

SYSFS = Path("/sys") / "class" / "gpio"
RULE_PATH = Path("/etc/udev/rules.d") / "71-funicular-interlock.rules"
MEM_DEV = Path("/dev") / "gpiomem"

PINS = {
    "upper_door_closed": (17, "in"),
    "lower_door_closed": (27, "in"),
    "upper_interlock_relay": (22, "out"),
    "lower_interlock_relay": (23, "out"),
}

UDEV_RULE = (
    'SUBSYSTEM=="gpio", KERNEL=="gpiochip*", GROUP="{group}", MODE="0660"\n'
    'SUBSYSTEM=="bcm2835-gpiomem", GROUP="{group}", MODE="0660"\n'
)


class GpioLine:
    def __init__(self, name, number, direction):
        self.name = name
        self.number = number
        self.direction = direction
        self.path = SYSFS / f"gpio{number}"

    def export(self):
        if self.path.exists():
            log.debug("%s (gpio%d) already exported", self.name, self.number)
            return
        (SYSFS / "export").write_text(str(self.number))
        # sysfs needs a moment to create the attribute files
        for _ in range(20):
            if (self.path / "direction").exists():
                break
            time.sleep(0.05)

    def configure(self):
        (self.path / "direction").write_text(self.direction)
        if self.direction == "out":
            # relays default to de-energised (interlock holds the car)
            (self.path / "value").write_text("0")
        log.info("%-22s gpio%-3d %s", self.name, self.number, self.direction)


def install_udev_rule(group):
    text = UDEV_RULE.format(group=group)
    if RULE_PATH.exists() and RULE_PATH.read_text() == text:
        log.info("udev rule already current")
        return
    RULE_PATH.write_text(text)
    os.chmod(RULE_PATH, 0o644)
    log.info("wrote %s", RULE_PATH)


def open_memdev(group):
    try:
        gid = grp.getgrnam(group).gr_gid
    except KeyError:
        log.warning("group %s does not exist, skipping %s", group, MEM_DEV)
        return
    if MEM_DEV.exists():
        os.chown(MEM_DEV, 0, gid)
        os.chmod(MEM_DEV, 0o660)
        log.info("%s now group %s", MEM_DEV, group)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--group", default="interlock")
    ap.add_argument("--skip-udev", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    errors = 0
    for name, (num, direction) in PINS.items():
        line = GpioLine(name, num, direction)
        try:
            line.export()
            line.configure()
        except OSError as exc:
            log.error("%s: %s", name, exc)
            errors += 1

    if not args.skip_udev:
        try:
            install_udev_rule(args.group)
            open_memdev(args.group)
        except PermissionError:
            log.error("need root to install udev rule / change %s", MEM_DEV)
            errors += 1

    return 1 if errors else 0


if __name__ == "__main__":
    raise SystemExit(main())
