#!/usr/bin/env python3
"""Prepare a bay PC to talk to the pump panel's USB serial adapter.

The pump panel on the new appliances exposes a USB-serial adapter. Out of
the box only root can open it and the device name changes between boots,
so this helper writes a udev rule that gives the adapter a stable name and
group access, and fixes the permissions on the node that is there now.
"""
import argparse
import grp
import logging
import os
import shutil
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("pump_serial")

RULES_DIR = Path("/") / "etc" / "udev" / "rules.d"
RULE_NAME = "72-pump-panel.rules"
DEFAULT_VENDOR = "0403"
DEFAULT_PRODUCT = "6001"
DEFAULT_GROUP = "dialout"
LINK_NAME = "pumppanel"

RULE_TEMPLATE = (
    '# Pump panel USB serial adapter\n'
    'SUBSYSTEM=="tty", ATTRS{{idVendor}}=="{vendor}", ATTRS{{idProduct}}=="{product}", '
    'SYMLINK+="{link}", GROUP="{group}", MODE="0666"\n'
)


def elevate_cmd(argv):
    """Prefix a command with the privilege tool available on this box."""
    if os.geteuid() == 0:
        return argv
    for tool in ("sudo", "doas"):
        if shutil.which(tool):
            return [tool] + argv
    raise RuntimeError("need root, sudo or doas to continue")


def write_rule(vendor, product, group, dry_run):
    text = RULE_TEMPLATE.format(vendor=vendor, product=product, group=group, link=LINK_NAME)
    target = RULES_DIR / RULE_NAME
    if dry_run:
        log.info("would write %s:\n%s", target, text)
        return target
    if os.access(RULES_DIR, os.W_OK):
        target.write_text(text)
    else:
        # Not root: let tee do the write through the privilege tool.
        subprocess.run(elevate_cmd(["tee", str(target)]), input=text.encode(),
                       stdout=subprocess.DEVNULL, check=True)
    log.info("rule written to %s", target)
    return target


def reload_rules(dry_run):
    steps = [["udevadm", "control", "--reload-rules"],
             ["udevadm", "trigger", "--subsystem-match=tty"]]
    for argv in steps:
        if dry_run:
            log.info("would run: %s", " ".join(argv))
            continue
        subprocess.run(elevate_cmd(argv), check=True)


def fix_current_nodes(group, dry_run):
    """Open up whichever ttyUSB nodes exist right now."""
    try:
        gid = grp.getgrnam(group).gr_gid
    except KeyError:
        log.warning("group %s does not exist; leaving ownership alone", group)
        gid = -1
    for node in sorted(Path("/dev").glob("ttyUSB*")):
        if dry_run:
            log.info("would chmod 0666 %s", node)
            continue
        try:
            os.chmod(node, 0o666)
            if gid >= 0:
                os.chown(node, -1, gid)
        except PermissionError:
            subprocess.run(elevate_cmd(["chmod", "0666", str(node)]), check=True)
            if gid >= 0:
                subprocess.run(elevate_cmd(["chgrp", group, str(node)]), check=True)
        log.info("permissions fixed on %s", node)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--vendor", default=DEFAULT_VENDOR)
    ap.add_argument("--product", default=DEFAULT_PRODUCT)
    ap.add_argument("--group", default=DEFAULT_GROUP)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        write_rule(args.vendor, args.product, args.group, args.dry_run)
        reload_rules(args.dry_run)
        fix_current_nodes(args.group, args.dry_run)
    except (RuntimeError, subprocess.CalledProcessError, OSError) as exc:
        log.error("setup failed: %s", exc)
        return 1
    log.info("pump panel should now appear as /dev/%s", LINK_NAME)
    return 0


if __name__ == "__main__":
    sys.exit(main())
