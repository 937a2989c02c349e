#!/usr/bin/env python3
"""Give the lens-edger upload tool stable access to the edger's USB serial port.

The edger shows up as a USB-serial adapter whose /dev/ttyUSBn number changes
after every reboot. This tool installs a udev rule that creates a fixed
/dev/edger0 symlink with group access for the lab staff, and fixes the
current device node so staff do not have to wait for a reboot.
"""
import argparse
import grp
import logging
import os
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("edger-serial")

VENDOR_ID = "0403"    # FTDI adapter shipped with the edger
PRODUCT_ID = "6001"
STAFF_GROUP = "labstaff"
RULE_NAME = "72-lens-edger.rules"
RULE_DIR_PARTS = ("/", "etc", "udev", "rules.d")

RULE_TEMPLATE = (
    'SUBSYSTEM=="tty", ATTRS{{idVendor}}=="{vid}", ATTRS{{idProduct}}=="{pid}", '
    'SYMLINK+="edger0", GROUP="{group}", MODE="0660"\n'
)


def ensure_root(argv):
    """Re-run ourselves with elevated rights if needed."""
    if os.geteuid() == 0:
        return
    elevate = os.environ.get("EDGER_ELEVATE", "sudo")
    log.info("re-running with %s", elevate)
    os.execvp(elevate, [elevate, sys.executable, os.path.abspath(__file__)] + argv)


def write_rule(dry_run):
    path = Path(os.path.join(*RULE_DIR_PARTS)) / RULE_NAME
    text = RULE_TEMPLATE.format(vid=VENDOR_ID, pid=PRODUCT_ID, group=STAFF_GROUP)
    if dry_run:
        log.info("would write %s:\n%s", path, text)
        return path
    path.write_text(text)
    os.chmod(path, 0o644)
    log.info("installed %s", path)
    return path


def current_nodes():
    base = Path("/dev")
    return sorted(base.glob("ttyUSB*"))


def fix_node(node, dry_run):
    try:
        gid = grp.getgrnam(STAFF_GROUP).gr_gid
    except KeyError:
        log.warning("group %s does not exist; leaving owner unchanged", STAFF_GROUP)
        gid = -1
    if dry_run:
        log.info("would chown/chmod %s", node)
        return
    os.chown(node, -1, gid)
    os.chmod(node, 0o660)
    log.info("fixed permissions on %s", node)


def reload_rules(dry_run):
    cmds = [["udevadm", "control", "--reload-rules"],
            ["udevadm", "trigger", "--subsystem-match=tty"]]
    for c in cmds:
        if dry_run:
            log.info("would run %s", " ".join(c))
        else:
            subprocess.run(c, check=False)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--dry-run", action="store_true")
    args, rest = ap.parse_known_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not args.dry_run:
        ensure_root(sys.argv[1:])
    write_rule(args.dry_run)
    nodes = current_nodes()
    if not nodes:
        log.warning("no USB serial adapters found; plug in the edger and rerun")
    for node in nodes:
        fix_node(node, args.dry_run)
    reload_rules(args.dry_run)
    log.info("done; the edger will appear as /dev/edger0")
    return 0


if __name__ == "__main__":
    sys.exit(main())
