#!/usr/bin/env python3
"""Install a udev rule so GNSS receivers get a stable device name.

Field crews plug several receiver models into the office base-station PC;
this gives each a predictable /dev/gnss-<model> symlink and makes the
device readable by the dialout group.
"""
import argparse
import logging
import os
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("gnss_udev")

RULES_PATH = Path("/etc/udev/rules.d/99-hs-gnss.rules")

# vendor id, product id, symlink suffix
RECEIVERS = [
    ("1546", "01a8", "ublox-m8"),
    ("1546", "01a9", "ublox-f9p"),
    ("0403", "6001", "trimble-r10"),
    ("10c4", "ea60", "emlid-rs2"),
]


def render_rules(group: str) -> str:
    lines = ["# Managed by install_gnss_udev_rule.py - Hartwell & Stone Surveying"]
    for vendor, product, name in RECEIVERS:
        lines.append(
            f'SUBSYSTEM=="tty", ATTRS{{idVendor}}=="{vendor}", ATTRS{{idProduct}}=="{product}", '
            f'SYMLINK+="gnss-{name}", GROUP="{group}", MODE="0660"'
        )
    return "\n".join(lines) + "\n"


def install(rules: str, dry_run: bool) -> bool:
    if RULES_PATH.exists() and RULES_PATH.read_text() == rules:
        log.info("%s already up to date", RULES_PATH)
        return False
    if dry_run:
        print(rules)
        return False
    RULES_PATH.write_text(rules)
    os.chmod(RULES_PATH, 0o644)
    os.chown(RULES_PATH, 0, 0)
    log.info("wrote %s", RULES_PATH)
    return True


def reload_udev() -> None:
    subprocess.run(["udevadm", "control", "--reload-rules"], check=True)
    subprocess.run(["udevadm", "trigger", "--subsystem-match=tty"], check=True)
    log.info("udev rules reloaded")


def main() -> int:
    parser = argparse.ArgumentParser(description="Install GNSS receiver udev rules")
    parser.add_argument("--group", default="dialout")
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    rules = render_rules(args.group)
    if not args.dry_run and os.geteuid() != 0:
        log.info("re-running with sudo")
        return subprocess.call(["sudo", sys.executable, os.path.abspath(__file__)] + sys.argv[1:])
    if install(rules, args.dry_run):
        reload_udev()
    return 0


if __name__ == "__main__":
    sys.exit(main())
