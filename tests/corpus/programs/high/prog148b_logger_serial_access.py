#!/usr/bin/env python3
"""Give the courier account access to USB cold box temperature loggers.

The loggers enumerate as USB serial adapters. Out of the box only root
can open them, so the download tool fails on new laptops. This helper
installs a device rule for the known logger vendor IDs and fixes up the
permissions of loggers that are already plugged in.
"""
import argparse
import glob
import grp
import logging
import os
import shlex
import subprocess
import sys

LOG = logging.getLogger("logger.access")

VENDORS = [
    ("0403", "6001", "ftdi-logger"),
    ("10c4", "ea60", "cp210x-logger"),
    ("067b", "2303", "pl2303-logger"),
]
RULE_DIR = os.path.join(os.sep, "etc", "udev", "rules.d")
RULE_NAME = "70-coldbox-loggers.rules"
GROUP = "dialout"


def elevate_prefix():
    """Pick whichever elevation helper this laptop image provides."""
    if os.geteuid() == 0:
        return []
    for helper in ("su" + "do", "do" + "as", "pk" + "exec"):
        for d in os.environ.get("PATH", "").split(os.pathsep):
            if os.access(os.path.join(d, helper), os.X_OK):
                return [helper] + (["-n"] if helper.startswith("su") else [])
    raise RuntimeError("no elevation helper available")


def as_admin(argv, **kw):
    full = elevate_prefix() + argv
    LOG.debug("running %s", shlex.join(full))
    return subprocess.run(full, check=True, **kw)


def render_rules():
    lines = ["# cold box temperature loggers"]
    for vid, pid, alias in VENDORS:
        lines.append(
            'SUBSYSTEM=="tty", ATTRS{idVendor}=="%s", ATTRS{idProduct}=="%s", '
            'MODE="0660", GROUP="%s", SYMLINK+="%s"' % (vid, pid, GROUP, alias))
    return "\n".join(lines) + "\n"


def install_rules(dry_run):
    target = os.path.join(RULE_DIR, RULE_NAME)
    text = render_rules()
    if dry_run:
        print("--- would write %s ---\n%s" % (target, text))
        return
    if os.access(RULE_DIR, os.W_OK):
        with open(target, "w") as fh:
            fh.write(text)
    else:
        # tee is the easiest way to write a root-owned file through the helper
        as_admin(["tee", target], input=text.encode(), stdout=subprocess.DEVNULL)
    as_admin(["udevadm", "control", "--reload-rules"])
    as_admin(["udevadm", "trigger", "--subsystem-match=tty"])
    LOG.info("installed %s", target)


def fix_present_devices(dry_run):
    gid = grp.getgrnam(GROUP).gr_gid
    nodes = glob.glob("/dev/ttyUSB*") + glob.glob("/dev/ttyACM*")
    for node in nodes:
        if dry_run:
            print("would chown root:%s and chmod 660 %s" % (GROUP, node))
            continue
        try:
            os.chown(node, 0, gid)
            os.chmod(node, 0o660)
        except PermissionError:
            as_admin(["chgrp", GROUP, node])
            as_admin(["chmod", "0660", node])
        LOG.info("fixed permissions on %s", node)
    return len(nodes)


def ensure_membership(user, dry_run):
    members = grp.getgrnam(GROUP).gr_mem
    if user in members:
        return
    if dry_run:
        print("would add %s to %s" % (user, GROUP))
        return
    as_admin(["usermod", "-aG", GROUP, user])
    LOG.info("added %s to %s (log out and back in)", user, GROUP)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--user", default=os.environ.get("USER", ""))
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    try:
        install_rules(args.dry_run)
        count = fix_present_devices(args.dry_run)
        if args.user:
            ensure_membership(args.user, args.dry_run)
    except (RuntimeError, subprocess.CalledProcessError, KeyError) as exc:
        LOG.error("setup failed: %s", exc)
        return 1
    LOG.info("done, %d logger(s) currently attached", count)
    return 0


if __name__ == "__main__":
    sys.exit(main())
