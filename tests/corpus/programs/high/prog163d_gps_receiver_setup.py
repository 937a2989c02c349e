#!/usr/bin/env python3
"""Set up a USB GPS receiver on a depot yard server.

Writes a udev rule so the receiver always appears as /dev/gps-yard, points
gpsd at it and restarts gpsd so the yard map shows which minibuses are in.
"""
import argparse
import logging
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("gps_setup")

RECEIVERS = {
    "ublox7": {"vendor": "1546", "product": "01a7", "baud": 9600},
    "ublox8": {"vendor": "1546", "product": "01a8", "baud": 9600},
    "prolific": {"vendor": "067b", "product": "2303", "baud": 4800},
}

RULE_DIR = Path("/etc/udev/rules.d")
GPSD_DEFAULTS = Path("/etc/default/gpsd")
LINK_NAME = "gps-yard"


def udev_rule(model):
    spec = RECEIVERS[model]
    return (
        f'SUBSYSTEM=="tty", ATTRS{{idVendor}}=="{spec["vendor"]}", '
        f'ATTRS{{idProduct}}=="{spec["product"]}", SYMLINK+="{LINK_NAME}", '
        f'GROUP="dialout", MODE="0660"\n'
    )


def gpsd_defaults(model):
    spec = RECEIVERS[model]
    return (
        "# written by gps_receiver_setup\n"
        'START_DAEMON="true"\n'
        'USBAUTO="false"\n'
        f'DEVICES="/dev/{LINK_NAME}"\n'
        f'GPSD_OPTIONS="-n -s {spec["baud"]}"\n'
    )


def privileged(cmd, dry_run):
    full = ["sudo", "-n"] + cmd
    if dry_run:
        log.info("would run: %s", " ".join(full))
        return 0
    log.info("running: %s", " ".join(full))
    return subprocess.run(full, check=False).returncode


def install_file(target, content, dry_run):
    if target.exists() and target.read_text() == content:
        log.info("%s already up to date", target)
        return False
    if dry_run:
        log.info("would write %s:\n%s", target, content)
        return True
    backup = target.with_suffix(target.suffix + ".bak")
    if target.exists() and not backup.exists():
        target.rename(backup)
    target.write_text(content)
    target.chmod(0o644)
    log.info("wrote %s", target)
    return True


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--model", choices=sorted(RECEIVERS), default="ublox7")
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    rule_path = RULE_DIR / f"99-{LINK_NAME}.rules"
    changed = False
    try:
        changed |= install_file(rule_path, udev_rule(args.model), args.dry_run)
        changed |= install_file(GPSD_DEFAULTS, gpsd_defaults(args.model), args.dry_run)
    except PermissionError as exc:
        log.error("need root to write system files: %s", exc)
        return 1

    if not changed:
        log.info("nothing to do")
        return 0

    steps = [
        ["udevadm", "control", "--reload-rules"],
        ["udevadm", "trigger", "--subsystem-match=tty"],
        ["systemctl", "restart", "gpsd.service"],
    ]
    for step in steps:
        if privileged(step, args.dry_run) != 0:
            log.error("step failed: %s", " ".join(step))
            return 1
    log.info("receiver ready at /dev/%s", LINK_NAME)
    return 0


if __name__ == "__main__":
    sys.exit(main())
