#!/usr/bin/env python3
"""Set up the USB GPS dongles used on the cargo-bike charging bench.

The bench PC reads positions from the dongles to calibrate the bikes'
trackers. This writes a udev rule giving the dongles a stable name and the
right group, then fixes up any dongle that is already plugged in.
"""
import argparse
import grp
import logging
import os
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("gps-udev")

RULES_PATH = Path("/etc/udev/rules.d/70-velocoop-gps.rules")
GROUP = os.environ.get("GPS_GROUP", "dialout")

DONGLES = [
    {"vendor": "1546", "product": "01a7", "alias": "gps-ublox"},
    {"vendor": "067b", "product": "2303", "alias": "gps-prolific"},
    {"vendor": "10c4", "product": "ea60", "alias": "gps-cp210x"},
]

RULE_TEMPLATE = ('SUBSYSTEM=="tty", ATTRS{{idVendor}}=="{vendor}", '
                 'ATTRS{{idProduct}}=="{product}", GROUP="{group}", MODE="0660", '
                 'SYMLINK+="{alias}"\n')


def render_rules(dongles, group):
    lines = ["# managed by gps_dongle_udev.py\n"]
    for d in dongles:
        lines.append(RULE_TEMPLATE.format(group=group, **d))
    return "".join(lines)


def privileged(cmd):
    if os.geteuid() != 0:
        cmd = ["sudo", "-n"] + cmd
    log.debug("running %s", " ".join(cmd))
    return subprocess.run(cmd, check=False, capture_output=True, text=True)


def install_rules(text, dry_run):
    if RULES_PATH.exists() and RULES_PATH.read_text() == text:
        log.info("rules already current")
        return False
    if dry_run:
        print(text)
        return False
    if os.geteuid() == 0:
        RULES_PATH.write_text(text)
        os.chmod(RULES_PATH, 0o644)
    else:
        result = subprocess.run(["sudo", "tee", str(RULES_PATH)], input=text,
                                text=True, capture_output=True)
        if result.returncode != 0:
            log.error("could not write rules: %s", result.stderr.strip())
            return False
    log.info("wrote %s", RULES_PATH)
    return True


def reload_udev():
    for cmd in (["udevadm", "control", "--reload-rules"],
                ["udevadm", "trigger", "--subsystem-match=tty"]):
        result = privileged(cmd)
        if result.returncode != 0:
            log.warning("%s failed: %s", cmd[1], result.stderr.strip())


def fix_present_devices(group):
    gid = grp.getgrnam(group).gr_gid
    for dev in sorted(Path("/dev").glob("ttyUSB*")) + sorted(Path("/dev").glob("ttyACM*")):
        try:
            os.chown(dev, 0, gid)
            os.chmod(dev, 0o660)
            log.info("fixed %s", dev)
        except PermissionError:
            privileged(["chgrp", group, str(dev)])
            privileged(["chmod", "0660", str(dev)])
            log.info("fixed %s via sudo", dev)


def main():
    parser = argparse.ArgumentParser(description="GPS dongle udev setup")
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("--skip-present", action="store_true",
                        help="do not touch devices already plugged in")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    try:
        grp.getgrnam(GROUP)
    except KeyError:
        log.error("group %s does not exist", GROUP)
        return 1

    changed = install_rules(render_rules(DONGLES, GROUP), args.dry_run)
    if changed:
        reload_udev()
    if not args.skip_present and not args.dry_run:
        fix_present_devices(GROUP)
    return 0


if __name__ == "__main__":
    sys.exit(main())
