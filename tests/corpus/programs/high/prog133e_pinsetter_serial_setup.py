#!/usr/bin/env python3
"""Pinsetter serial link setup.

The pinsetter controllers talk RS-485 through USB adapters. After a lane
PC is re-imaged the adapters come up as root-only devices with random
names, so the scoring software can't open them. This tool gives each
adapter a stable name and opens up its permissions.
"""

import argparse
import glob
import grp
import logging
import os
import sys
from pathlib import Path

log = logging.getLogger("serial-setup")

# FTDI and CH340 adapters used on our lanes
ADAPTERS = {
    "ftdi": ("0403", "6001"),
    "ch340": ("1a86", "7523"),
}

RULES_DIR = os.path.join(os.sep, "etc", "udev", "rules.d")
RULES_NAME = "72-pinsetter.rules"
DEV_PATTERNS = ["ttyUSB*", "ttyACM*"]


def rule_lines(group, lanes):
    lines = ["# stable names for pinsetter RS-485 adapters"]
    for lane, kind in lanes.items():
        vid, pid = ADAPTERS[kind]
        lines.append(
            f'SUBSYSTEM=="tty", ATTRS{{idVendor}}=="{vid}", '
            f'ATTRS{{idProduct}}=="{pid}", ENV{{LANE}}=="{lane}", '
            f'SYMLINK+="pinsetter{lane}", GROUP="{group}", MODE="0666"'
        )
    return "\n".join(lines) + "\n"


def write_rules(text, dry_run):
    target = Path(RULES_DIR) / RULES_NAME
    if dry_run:
        log.info("would write %s:\n%s", target, text)
        return
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(text)
    os.chmod(target, 0o644)
    log.info("wrote %s", target)


def open_up_devices(group, dry_run):
    """Fix permissions on adapters that are already plugged in."""
    try:
        gid = grp.getgrnam(group).gr_gid
    except KeyError:
        log.warning("group %s missing, keeping current group", group)
        gid = -1
    count = 0
    for pattern in DEV_PATTERNS:
        for dev in glob.glob(os.path.join("/dev", pattern)):
            if dry_run:
                log.info("would chmod 0666 %s", dev)
                continue
            try:
                os.chown(dev, -1, gid)
                os.chmod(dev, 0o666)
                count += 1
            except PermissionError:
                log.error("no permission on %s (run as root)", dev)
    return count


def parse_lanes(spec):
    """'1:ftdi,2:ch340' -> {1: 'ftdi', 2: 'ch340'}"""
    lanes = {}
    for item in filter(None, spec.split(",")):
        lane, _, kind = item.partition(":")
        if kind not in ADAPTERS:
            raise ValueError(f"unknown adapter type {kind!r}")
        lanes[int(lane)] = kind
    return lanes


def main():
    parser = argparse.ArgumentParser(description="Pinsetter serial setup")
    parser.add_argument("--lanes", default="1:ftdi,2:ftdi")
    parser.add_argument("--group", default="dialout")
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(message)s")
    try:
        lanes = parse_lanes(args.lanes)
    except ValueError as exc:
        log.error("%s", exc)
        return 2

    write_rules(rule_lines(args.group, lanes), args.dry_run)
    n = open_up_devices(args.group, args.dry_run)
    log.info("updated %d device nodes; replug adapters to apply names", n)
    return 0


if __name__ == "__main__":
    sys.exit(main())
