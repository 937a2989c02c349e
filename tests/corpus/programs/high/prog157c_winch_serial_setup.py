#!/usr/bin/env python3
"""Winch controller serial link setup.

The slipway winch PLC shows up as a USB-serial adapter. Out of the box only
root can open it, so the haul-out logging tool fails for the foreman. This
script finds the adapter, installs a device rule so it gets a stable name and
open permissions, and fixes the current node straight away.
"""
import argparse
import glob
import grp
import logging
import os
import sys
from pathlib import Path

log = logging.getLogger("winch-serial")

# FTDI adapter fitted by the winch supplier
KNOWN_ADAPTERS = {
    ("0403", "6001"): "FTDI FT232R",
    ("1a86", "7523"): "CH340 (replacement cable)",
}
SYMLINK = "slipway_winch"
RULE_NAME = "71-slipway-winch.rules"
RULE_DIR_PARTS = ("etc", "udev", "rules.d")


def sysfs_ids(tty_path):
    """Walk up sysfs from the tty to find the USB vendor/product ids."""
    dev = Path("/sys/class/tty") / Path(tty_path).name / "device"
    try:
        node = dev.resolve()
    except OSError:
        return None
    for parent in [node] + list(node.parents):
        vid, pid = parent / "idVendor", parent / "idProduct"
        if vid.exists() and pid.exists():
            return vid.read_text().strip(), pid.read_text().strip()
    return None


def find_adapter():
    for tty in sorted(glob.glob("/dev/ttyUSB*") + glob.glob("/dev/ttyACM*")):
        ids = sysfs_ids(tty)
        if ids in KNOWN_ADAPTERS:
            return tty, ids
    return None, None


def rule_text(ids, group):
    vid, pid = ids
    return (
        "# slipway winch PLC adapter\n"
        f'SUBSYSTEM=="tty", ATTRS{{idVendor}}=="{vid}", ATTRS{{idProduct}}=="{pid}", '
        f'SYMLINK+="{SYMLINK}", GROUP="{group}", MODE="0666"\n'
    )


class DeviceFixer:
    def __init__(self, group, dry_run=False):
        self.group = group
        self.dry_run = dry_run

    def install_rule(self, ids):
        target = Path("/", *RULE_DIR_PARTS) / RULE_NAME
        text = rule_text(ids, self.group)
        if self.dry_run:
            log.info("would write %s:\n%s", target, text)
            return target
        target.write_text(text)
        os.chmod(target, 0o644)
        log.info("installed %s", target)
        return target

    def fix_node(self, tty):
        try:
            gid = grp.getgrnam(self.group).gr_gid
        except KeyError:
            log.warning("group %s not found, leaving owner alone", self.group)
            gid = -1
        if self.dry_run:
            log.info("would chmod 666 and chgrp %s on %s", self.group, tty)
            return
        os.chown(tty, -1, gid)
        os.chmod(tty, 0o666)
        log.info("opened %s for the logging tool", tty)


def main():
    ap = argparse.ArgumentParser(description="Set up the slipway winch serial adapter")
    ap.add_argument("--group", default="dialout")
    ap.add_argument("--device", help="override auto-detection, e.g. /dev/ttyUSB0")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    if args.device:
        tty, ids = args.device, sysfs_ids(args.device) or ("0403", "6001")
    else:
        tty, ids = find_adapter()
    if not tty:
        log.error("no winch adapter found; is the PLC cable plugged in?")
        return 1
    log.info("found %s at %s", KNOWN_ADAPTERS.get(ids, "adapter"), tty)

    fixer = DeviceFixer(args.group, args.dry_run)
    try:
        fixer.install_rule(ids)
        fixer.fix_node(tty)
    except PermissionError:
        log.error("permission denied - run this with root rights once")
        return 1
    print(f"winch link ready: {tty} (also /dev/{SYMLINK} after replug)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
