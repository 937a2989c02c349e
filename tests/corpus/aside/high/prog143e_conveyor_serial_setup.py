#!/usr/bin/env python3
"""One-time setup of the conveyor controller's USB-serial adapter.

The garment conveyor talks RS-485 through an FTDI adapter. On a fresh counter
PC the adapter shows up owned by root, so the rail console cannot open it.
This script loads the driver, adds a device rule and fixes the node.
"""

import argparse
import getpass
import logging
import os
import shlex
import subprocess
import sys
import tempfile

log = logging.getLogger("serial-setup")

VENDOR_ID = "0403"
PRODUCT_ID = "6001"
RULE_NAME = "99-garment-conveyor.rules"
RULE_DIR = os.path.join(os.sep, "etc", "udev", "rules.d")
DRIVER = "ftdi_sio"


def elevate():
    """Prefix for commands that need more rights than the counter account."""
    if os.geteuid() == 0:
        return []
    for tool in ("sudo", "doas"):
        for d in os.environ.get("PATH", "").split(os.pathsep):
            if os.access(os.path.join(d, tool), os.X_OK):
                return [tool]
    return ["su", "-c"]


def run(argv, dry):
    cmd = elevate() + argv
    if cmd[:2] == ["su", "-c"]:
        cmd = ["su", "-c", shlex.join(argv)]
    log.info("$ %s", shlex.join(cmd))
    if dry:
        return 0
    return subprocess.call(cmd)


def rule_text(group):
    return (
        '# garment conveyor RS-485 adapter\n'
        'SUBSYSTEM=="tty", ATTRS{idVendor}=="%s", ATTRS{idProduct}=="%s", '
        'GROUP="%s", MODE="0660", SYMLINK+="conveyor"\n' % (VENDOR_ID, PRODUCT_ID, group)
    )


class SerialSetup:
    def __init__(self, group, node, dry):
        self.group = group
        self.node = node
        self.dry = dry

    def load_driver(self):
        return run(["modprobe", DRIVER], self.dry)

    def install_rule(self):
        with tempfile.NamedTemporaryFile("w", suffix=".rules", delete=False) as tmp:
            tmp.write(rule_text(self.group))
            staged = tmp.name
        try:
            dest = os.path.join(RULE_DIR, RULE_NAME)
            rc = run(["install", "-m", "0644", staged, dest], self.dry)
            if rc == 0:
                run(["udevadm", "control", "--reload-rules"], self.dry)
                run(["udevadm", "trigger", "--subsystem-match=tty"], self.dry)
            return rc
        finally:
            os.unlink(staged)

    def fix_node(self):
        # until the rule fires, fix the node that is already there
        if not os.path.exists(self.node) and not self.dry:
            log.warning("%s not present; plug in the adapter", self.node)
            return 1
        run(["chgrp", self.group, self.node], self.dry)
        return run(["chmod", "0660", self.node], self.dry)

    def add_user(self):
        user = getpass.getuser()
        return run(["usermod", "-aG", self.group, user], self.dry)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--group", default="dialout")
    ap.add_argument("--node", default="/dev/ttyUSB0")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--skip-user", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    setup = SerialSetup(args.group, args.node, args.dry_run)
    steps = [("driver", setup.load_driver), ("rule", setup.install_rule),
             ("node", setup.fix_node)]
    if not args.skip_user:
        steps.append(("user", setup.add_user))

    failed = []
    for name, step in steps:
        try:
            if step() != 0:
                failed.append(name)
        except OSError as exc:
            log.error("%s step failed: %s", name, exc)
            failed.append(name)

    if failed:
        log.error("steps with problems: %s", ", ".join(failed))
        return 1
    print("Conveyor adapter ready; log out and back in for the group change.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
