#!/usr/bin/env python3
"""Set up the kid weigh scale's USB-serial adapter for the office user.

The weigh crate indicator shows up as /dev/ttyUSB0 (FTDI). This fixes the
device node permissions now and installs a udev rule so the farm user can
read the scale without being root after every replug.
"""
import argparse
import grp
import logging
import os
import sys
from pathlib import Path

LOG = logging.getLogger("scale_setup")

UDEV_RULE = Path("/etc/udev/rules.d/70-weigh-scale.rules")
RULE_TEXT = (
    '# Tru-Test style weigh indicator on FTDI adapter\n'
    'SUBSYSTEM=="tty", ATTRS{{idVendor}}=="0403", ATTRS{{idProduct}}=="6001", '
    'GROUP="{group}", MODE="0660", SYMLINK+="weighscale"\n'
)


def ensure_root():
    if os.geteuid() != 0:
        LOG.info("re-running with sudo")
        os.execvp("sudo", ["sudo", sys.executable, os.path.abspath(__file__)] + sys.argv[1:])


def fix_node(device: Path, group: str):
    if not device.exists():
        LOG.warning("%s not present, plug the scale in first", device)
        return False
    gid = grp.getgrnam(group).gr_gid
    os.chown(device, 0, gid)
    os.chmod(device, 0o660)
    LOG.info("%s now root:%s 0660", device, group)
    return True


def install_rule(group: str, force: bool):
    text = RULE_TEXT.format(group=group)
    if UDEV_RULE.exists() and UDEV_RULE.read_text() == text and not force:
        LOG.info("udev rule already installed")
        return False
    UDEV_RULE.write_text(text)
    os.chmod(UDEV_RULE, 0o644)
    LOG.info("wrote %s", UDEV_RULE)
    return True


def reload_udev():
    # tell udev to pick up the new rule without a reboot
    trigger = Path("/sys/class/tty/ttyUSB0/uevent")
    if trigger.exists():
        trigger.write_text("change\n")


def main():
    parser = argparse.ArgumentParser(description="Weigh scale serial permissions")
    parser.add_argument("--device", type=Path, default=Path("/dev/ttyUSB0"))
    parser.add_argument("--group", default=os.environ.get("SCALE_GROUP", "dialout"))
    parser.add_argument("--force", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    ensure_root()
    try:
        grp.getgrnam(args.group)
    except KeyError:
        LOG.error("group %s does not exist", args.group)
        return 1

    changed = install_rule(args.group, args.force)
    fix_node(args.device, args.group)
    if changed:
        reload_udev()
    LOG.info("add the office user to '%s' if not already: usermod -aG %s <user>",
             args.group, args.group)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
