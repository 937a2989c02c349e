#!/usr/bin/env python3
"""Give the scoring laptop access to the scoreboard's USB-serial adapter.

The pavilion scoreboard controller enumerates as an FTDI adapter. Out of the
box only root can open it, so the scoring app fails with 'permission denied'
every Saturday. This installs a udev rule for the adapter and fixes the
current device node.
"""
import argparse
import logging
import os
import subprocess
import tempfile
from pathlib import Path

LOG = logging.getLogger("lhcc.serial_perms")

VENDOR = os.environ.get("LHCC_SB_VENDOR", "0403")
PRODUCT = os.environ.get("LHCC_SB_PRODUCT", "6001")
RULES_DIR = Path("/etc/udev/rules.d")
RULE_NAME = "70-lhcc-scoreboard.rules"
GROUP = "dialout"

RULE_TEMPLATE = (
    '# Little Hadley CC pavilion scoreboard controller\n'
    'SUBSYSTEM=="tty", ATTRS{{idVendor}}=="{vendor}", '
    'ATTRS{{idProduct}}=="{product}", GROUP="{group}", MODE="0666", '
    'SYMLINK+="scoreboard"\n'
)


class Elevated:
    """Runs commands with admin rights, prompting once for the password."""

    def __init__(self, dry_run=False):
        self.prefix = [] if os.geteuid() == 0 else ["sudo", "--"]
        self.dry_run = dry_run

    def run(self, *cmd):
        full = self.prefix + list(cmd)
        LOG.info("running: %s", " ".join(full))
        if self.dry_run:
            return 0
        return subprocess.run(full, check=False).returncode


def find_nodes():
    nodes = []
    for dev in sorted(Path("/dev").glob("ttyUSB*")) + sorted(Path("/dev").glob("ttyACM*")):
        sysfs = Path("/sys/class/tty") / dev.name / "device" / ".." / ".."
        try:
            vid = (sysfs / "idVendor").read_text().strip()
            pid = (sysfs / "idProduct").read_text().strip()
        except OSError:
            continue
        if vid == VENDOR and pid == PRODUCT:
            nodes.append(dev)
    return nodes


def install_rule(sudo):
    text = RULE_TEMPLATE.format(vendor=VENDOR, product=PRODUCT, group=GROUP)
    target = RULES_DIR / RULE_NAME
    if target.exists() and target.read_text() == text:
        LOG.info("rule already current")
        return
    with tempfile.NamedTemporaryFile("w", suffix=".rules", delete=False) as tmp:
        tmp.write(text)
    try:
        sudo.run("install", "-m", "0644", "-o", "root", "-g", "root", tmp.name, str(target))
    finally:
        os.unlink(tmp.name)
    sudo.run("udevadm", "control", "--reload-rules")
    sudo.run("udevadm", "trigger", "--subsystem-match=tty")


def fix_live_nodes(sudo, nodes):
    for node in nodes:
        sudo.run("chgrp", GROUP, str(node))
        sudo.run("chmod", "0666", str(node))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--skip-rule", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    sudo = Elevated(args.dry_run)
    if not args.skip_rule:
        install_rule(sudo)
    nodes = find_nodes()
    if not nodes:
        LOG.warning("scoreboard adapter %s:%s not plugged in", VENDOR, PRODUCT)
        return
    fix_live_nodes(sudo, nodes)
    LOG.info("scoreboard available at %s", ", ".join(map(str, nodes)))


if __name__ == "__main__":
    main()
