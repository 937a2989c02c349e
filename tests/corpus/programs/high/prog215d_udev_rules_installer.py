#!/usr/bin/env python3
"""Install udev rules for the team's USB devices.

Gives stable names (/dev/robot-leds, /dev/robot-can, ...) and group
access to the adapters used on the build laptops. Run as root.
"""
import argparse
import csv
import logging
import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

LOG = logging.getLogger("udev")
RULES_PATH = Path("/etc/udev/rules.d/99-robotics-team.rules")
DEVICE_TABLE = Path("usb_devices.csv")

DEFAULT_DEVICES = [
    ("2341", "0043", "robot-leds", "dialout"),
    ("1d50", "606f", "robot-can", "plugdev"),
    ("0403", "6001", "robot-ftdi", "dialout"),
    ("10c4", "ea60", "robot-lidar", "dialout"),
]

RELOAD = """
set -e
udevadm control --reload-rules
udevadm trigger --subsystem-match=tty --subsystem-match=usb
echo "udev reloaded"
"""


@dataclass
class Device:
    vendor: str
    product: str
    symlink: str
    group: str

    def rule(self) -> str:
        return (f'SUBSYSTEMS=="usb", ATTRS{{idVendor}}=="{self.vendor}", '
                f'ATTRS{{idProduct}}=="{self.product}", SYMLINK+="{self.symlink}", '
                f'GROUP="{self.group}", MODE="0660"')


def load_devices(path: Path) -> list:
    if not path.exists():
        LOG.info("%s not found, using built-in device list", path)
        return [Device(*row) for row in DEFAULT_DEVICES]
    devices = []
    with path.open(newline="") as fh:
        for lineno, row in enumerate(csv.reader(fh), start=1):
            if not row or row[0].startswith("#"):
                continue
            if len(row) != 4:
                LOG.warning("line %d: expected 4 fields, got %d", lineno, len(row))
                continue
            vendor, product, link, group = (c.strip() for c in row)
            if len(vendor) != 4 or len(product) != 4:
                LOG.warning("line %d: bad USB id", lineno)
                continue
            devices.append(Device(vendor.lower(), product.lower(), link, group))
    return devices


def write_rules(devices: list, dest: Path, dry_run: bool) -> None:
    body = "# managed by udev_rules_installer.py - do not edit\n"
    body += "\n".join(d.rule() for d in devices) + "\n"
    if dry_run:
        print(body)
        return
    dest.write_text(body)
    os.chmod(dest, 0o644)
    LOG.info("wrote %d rules to %s", len(devices), dest)


def reload_udev() -> int:
    proc = subprocess.run(["bash", "-c", RELOAD], capture_output=True, text=True)
    if proc.returncode != 0:
        LOG.error("udevadm failed: %s", proc.stderr.strip())
    else:
        LOG.info(proc.stdout.strip())
    return proc.returncode


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--table", type=Path, default=DEVICE_TABLE)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--no-reload", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s: %(message)s")

    devices = load_devices(args.table)
    if not devices:
        LOG.error("no devices to write")
        return 1
    if not args.dry_run and os.geteuid() != 0:
        LOG.error("must run as root to write %s", RULES_PATH)
        return 1
    try:
        write_rules(devices, RULES_PATH, args.dry_run)
    except OSError as exc:
        LOG.error("cannot write rules: %s", exc)
        return 1
    if args.dry_run or args.no_reload:
        return 0
    return reload_udev()


if __name__ == "__main__":
    sys.exit(main())
