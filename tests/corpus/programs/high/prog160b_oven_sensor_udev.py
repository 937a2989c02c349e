#!/usr/bin/env python3
"""Sets up device access for the USB temperature probes on the deck ovens."""

import argparse
import glob
import logging
import os
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("oven_udev")

RULES_PATH = Path("/etc/udev/rules.d/99-oven-probes.rules")
GROUP = os.environ.get("PROBE_GROUP", "bakeops")
PROBES = {
    "thermoprobe-a": ("1a86", "7523"),
    "thermoprobe-b": ("10c4", "ea60"),
}


def build_rules(group):
    lines = ["# deck oven temperature probes"]
    for name, (vendor, product) in PROBES.items():
        lines.append(
            f'SUBSYSTEM=="tty", ATTRS{{idVendor}}=="{vendor}", '
            f'ATTRS{{idProduct}}=="{product}", GROUP="{group}", MODE="0660", '
            f'SYMLINK+="{name}"'
        )
    return "\n".join(lines) + "\n"


def write_rules(content, dry_run):
    if RULES_PATH.exists() and RULES_PATH.read_text() == content:
        log.info("rules already up to date")
        return False
    if dry_run:
        print(content)
        return False
    RULES_PATH.write_text(content)
    os.chmod(RULES_PATH, 0o644)
    os.chown(RULES_PATH, 0, 0)
    log.info("wrote %s", RULES_PATH)
    return True


def reload_udev():
    subprocess.run(["udevadm", "control", "--reload-rules"], check=True)
    subprocess.run(["udevadm", "trigger", "--subsystem-match=tty"], check=True)
    log.info("udev rules reloaded")


def fix_existing_devices(group):
    import grp
    try:
        gid = grp.getgrnam(group).gr_gid
    except KeyError:
        log.error("group %s does not exist", group)
        return 0
    fixed = 0
    for dev in sorted(glob.glob("/dev/ttyUSB*") + glob.glob("/dev/ttyACM*")):
        os.chown(dev, 0, gid)
        os.chmod(dev, 0o660)
        fixed += 1
        log.info("adjusted %s", dev)
    return fixed


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("--group", default=GROUP)
    parser.add_argument("--skip-existing", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if os.geteuid() != 0 and not args.dry_run:
        log.info("re-running with sudo")
        os.execvp("sudo", ["sudo", sys.executable] + sys.argv)

    changed = write_rules(build_rules(args.group), args.dry_run)
    if args.dry_run:
        return 0
    if changed:
        reload_udev()
    if not args.skip_existing:
        count = fix_existing_devices(args.group)
        log.info("%d existing devices adjusted", count)
    return 0


if __name__ == "__main__":
    sys.exit(main())
