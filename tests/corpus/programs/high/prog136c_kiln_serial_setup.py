#!/usr/bin/env python3
"""Kiln serial adapter setup.

The USB-RS485 adapters for the kiln controllers show up as /dev/ttyUSB* with
root-only permissions. This script gives them a stable name and opens their
permissions so the firing-schedule app (running as the studio user) can use
them without being run as root.
"""
import argparse
import glob
import logging
import os
import pwd
import grp
import subprocess
import sys

log = logging.getLogger("serial-setup")

RULES_DIR = os.path.join(os.sep, "etc", "udev", "rules.d")
RULE_FILE = "72-kiln-adapters.rules"

ADAPTERS = [
    # vendor, product, symlink name
    ("0403", "6001", "kiln-big"),
    ("1a86", "7523", "kiln-test"),
]

RULE_TEMPLATE = (
    'SUBSYSTEM=="tty", ATTRS{{idVendor}}=="{vendor}", '
    'ATTRS{{idProduct}}=="{product}", SYMLINK+="{name}", '
    'GROUP="{group}", MODE="0666"\n'
)


def render_rules(group):
    lines = ["# kiln controller adapters, managed by kiln_serial_setup.py\n"]
    for vendor, product, name in ADAPTERS:
        lines.append(RULE_TEMPLATE.format(vendor=vendor, product=product,
                                          name=name, group=group))
    return "".join(lines)


def write_rules(content, dry_run=False):
    path = os.path.join(RULES_DIR, RULE_FILE)
    if dry_run:
        print(f"--- {path}\n{content}")
        return path
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(content)
    os.chmod(path, 0o644)
    log.info("wrote %s", path)
    return path


def fix_current_devices(user, group, dry_run=False):
    """Apply permissions right away so no replug is needed."""
    uid = pwd.getpwnam(user).pw_uid
    gid = grp.getgrnam(group).gr_gid
    devices = sorted(glob.glob("/dev/ttyUSB*") + glob.glob("/dev/ttyACM*"))
    for dev in devices:
        if dry_run:
            print(f"would chown {user}:{group} and chmod 0666 {dev}")
            continue
        try:
            os.chown(dev, uid, gid)
            os.chmod(dev, 0o666)
            log.info("opened %s", dev)
        except PermissionError as exc:
            log.error("cannot change %s: %s", dev, exc)
    return devices


def reload_udev(dry_run=False):
    cmds = [["udevadm", "control", "--reload-rules"],
            ["udevadm", "trigger", "--subsystem-match=tty"]]
    for cmd in cmds:
        if dry_run:
            print("would run:", " ".join(cmd))
            continue
        result = subprocess.run(cmd, capture_output=True, text=True)
        if result.returncode != 0:
            log.warning("%s failed: %s", cmd[1], result.stderr.strip())


def main(argv=None):
    ap = argparse.ArgumentParser(description="Set up kiln USB serial adapters")
    ap.add_argument("--user", default="studio")
    ap.add_argument("--group", default="dialout")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if os.geteuid() != 0 and not args.dry_run:
        log.error("needs to run with administrator rights")
        return 1

    write_rules(render_rules(args.group), args.dry_run)
    devices = fix_current_devices(args.user, args.group, args.dry_run)
    reload_udev(args.dry_run)
    log.info("%d adapter(s) currently attached", len(devices))
    return 0


if __name__ == "__main__":
    sys.exit(main())
