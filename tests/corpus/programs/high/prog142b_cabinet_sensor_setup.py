#!/usr/bin/env python3
"""Set up the USB humidity sensors in the drying cabinets.

Each cabinet has a small USB serial logger. This script finds the loggers,
gives them stable names (/dev/cabinet-<n>) with a udev rule and makes the
serial ports readable by the monitoring account, so the cabinet monitor
does not have to run as root.
"""
import argparse
import glob
import logging
import os
import stat
import subprocess
from pathlib import Path

log = logging.getLogger("sensor-setup")

VENDOR_ID = "10c4"   # CP210x bridge used by the loggers
PRODUCT_ID = "ea60"
RULE_NAME = "71-cabinet-sensors.rules"
RULE_DIR = os.path.join(os.sep, "etc", "udev", "rules.d")


def usb_attr(tty, attr):
    """Read a sysfs attribute of the USB device behind a tty."""
    dev = Path("/sys/class/tty") / Path(tty).name / "device"
    for parent in [dev.resolve()] + list(dev.resolve().parents):
        f = parent / attr
        if f.exists():
            return f.read_text().strip()
    return None


def find_loggers():
    found = []
    for tty in sorted(glob.glob("/dev/ttyUSB*")):
        if usb_attr(tty, "idVendor") == VENDOR_ID and usb_attr(tty, "idProduct") == PRODUCT_ID:
            found.append((tty, usb_attr(tty, "serial") or "unknown"))
    return found


def build_rules(loggers, group):
    lines = ["# Cabinet humidity loggers - managed by sensor_setup.py"]
    for n, (_tty, serial) in enumerate(loggers, start=1):
        lines.append(
            f'SUBSYSTEM=="tty", ATTRS{{idVendor}}=="{VENDOR_ID}", '
            f'ATTRS{{idProduct}}=="{PRODUCT_ID}", ATTRS{{serial}}=="{serial}", '
            f'SYMLINK+="cabinet-{n}", GROUP="{group}", MODE="0660"'
        )
    return "\n".join(lines) + "\n"


def install_rules(text, dry_run):
    target = Path(RULE_DIR) / RULE_NAME
    if dry_run:
        print(f"--- {target}\n{text}")
        return
    target.write_text(text)
    target.chmod(0o644)
    log.info("wrote %s", target)
    subprocess.run(["udevadm", "control", "--reload-rules"], check=False)
    subprocess.run(["udevadm", "trigger", "--subsystem-match=tty"], check=False)


def open_ports_now(loggers, dry_run):
    """Until the next replug, loosen the current nodes directly."""
    mode = stat.S_IRUSR | stat.S_IWUSR | stat.S_IRGRP | stat.S_IWGRP | stat.S_IROTH | stat.S_IWOTH
    for tty, _serial in loggers:
        if dry_run:
            print(f"chmod {oct(mode)} {tty}")
            continue
        try:
            os.chmod(tty, mode)
            log.info("opened %s", tty)
        except PermissionError:
            log.error("no permission to change %s, run with root rights", tty)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--group", default="dialout")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    loggers = find_loggers()
    if not loggers:
        log.warning("no cabinet loggers found on /dev/ttyUSB*")
        return 1
    for tty, serial in loggers:
        log.info("found logger %s (serial %s)", tty, serial)

    install_rules(build_rules(loggers, args.group), args.dry_run)
    open_ports_now(loggers, args.dry_run)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
