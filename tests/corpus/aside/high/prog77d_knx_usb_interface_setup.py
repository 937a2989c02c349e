#!/usr/bin/env python3
"""Prepare a panel PC for a USB KNX interface (Siemens, MDT, Weinzierl sticks).

Looks for known KNX USB vendor/product ids on the USB bus, writes a udev rule
so the HID device node is accessible to the ``knx`` group with a stable
symlink (/dev/knx-usb), reloads udev and fixes up the node that is already
plugged in so knxd can start without a replug.
"""
import argparse
import grp
import logging
import os
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("knx-usb-setup")

KNOWN_INTERFACES = {
    ("0e77", "0104"): "Siemens OCI702",
    ("0e77", "0111"): "Siemens 5WG1 148",
    ("2a07", "0008"): "MDT SCN-USBR",
    ("135e", "0026"): "Weinzierl KNX USB 332",
    ("16d0", "0490"): "Weinzierl KNX USB 330",
}

RULE_PATH = Path("/etc/udev/rules.d/90-knx-usb.rules")
RULE_LINE = ('SUBSYSTEM=="hidraw", ATTRS{{idVendor}}=="{vid}", ATTRS{{idProduct}}=="{pid}", '
             'GROUP="{group}", MODE="0660", SYMLINK+="knx-usb"\n')


class UsbScanner:
    sysfs = Path("/sys/bus/usb/devices")

    def found(self):
        for dev in self.sysfs.iterdir():
            vid_file, pid_file = dev / "idVendor", dev / "idProduct"
            if not vid_file.exists():
                continue
            key = (vid_file.read_text().strip(), pid_file.read_text().strip())
            if key in KNOWN_INTERFACES:
                yield dev, key

    @staticmethod
    def hidraw_nodes(dev):
        for node in dev.glob("*/*/hidraw/hidraw*"):
            yield Path("/dev") / node.name


def render_rules(group):
    lines = ["# KNX USB interfaces for knxd - managed by knx_usb_interface_setup\n"]
    for (vid, pid), label in sorted(KNOWN_INTERFACES.items()):
        lines.append(f"# {label}\n")
        lines.append(RULE_LINE.format(vid=vid, pid=pid, group=group))
    return "".join(lines)


def install_rules(group, dry_run=False):
    content = render_rules(group)
    if RULE_PATH.exists() and RULE_PATH.read_text() == content:
        LOG.info("%s already up to date", RULE_PATH)
        return False
    if dry_run:
        sys.stdout.write(content)
        return False
    RULE_PATH.write_text(content)
    os.chmod(RULE_PATH, 0o644)
    LOG.info("wrote %s", RULE_PATH)
    return True


def reload_udev():
    for argv in (["udevadm", "control", "--reload-rules"],
                 ["udevadm", "trigger", "--subsystem-match=hidraw"]):
        res = subprocess.run(argv, capture_output=True, text=True)
        if res.returncode != 0:
            LOG.warning("%s failed: %s", " ".join(argv), res.stderr.strip())


def fix_present_nodes(scanner, group):
    gid = grp.getgrnam(group).gr_gid
    for dev, key in scanner.found():
        LOG.info("found %s at %s", KNOWN_INTERFACES[key], dev.name)
        for node in scanner.hidraw_nodes(dev):
            os.chown(node, 0, gid)
            os.chmod(node, 0o660)
            link = Path("/dev/knx-usb")
            if link.is_symlink() or link.exists():
                link.unlink()
            link.symlink_to(node)
            LOG.info("%s -> %s (group %s)", link, node, group)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--group", default="knx")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    try:
        grp.getgrnam(args.group)
    except KeyError:
        LOG.error("group %s does not exist; create it first", args.group)
        return 1

    scanner = UsbScanner()
    try:
        changed = install_rules(args.group, args.dry_run)
        if args.dry_run:
            return 0
        if changed:
            reload_udev()
        fix_present_nodes(scanner, args.group)
    except PermissionError as exc:
        LOG.error("permission denied: %s (run as root)", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
