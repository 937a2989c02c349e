#!/usr/bin/env python3
"""Set up device access for the pharmacy fridge USB probes.

The probes enumerate as USB serial adapters. Out of the box only root can
open them, so the logger service (running as the 'dispensary' group) can't
read temperatures. This script grants the group access to the probes that
are plugged in now and to any that are plugged in later.
"""
import argparse
import grp
import logging
import os
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("probe-access")

PROBES = {
    # vendor:product -> friendly name, from the probe datasheet
    ("10c4", "ea60"): "fridge-probe-cp210x",
    ("0403", "6001"): "fridge-probe-ftdi",
}
GROUP = "dispensary"
RULES_DIR = Path("/", "etc", "udev", "rules.d")
RULES_NAME = "72-fridge-probes.rules"
DEV_MODE = 0o660


def build_rules(group):
    lines = ["# Pharmacy fridge probes: group access for the logger service"]
    for (vendor, product), name in sorted(PROBES.items()):
        lines.append(
            f'SUBSYSTEM=="tty", ATTRS{{idVendor}}=="{vendor}", '
            f'ATTRS{{idProduct}}=="{product}", GROUP="{group}", MODE="0660", '
            f'SYMLINK+="{name}-%n"'
        )
    return "\n".join(lines) + "\n"


def install_rules(text, dry_run):
    target = RULES_DIR / RULES_NAME
    if target.exists() and target.read_text() == text:
        LOG.info("rules already current at %s", target)
        return False
    if dry_run:
        LOG.info("would write %s:\n%s", target, text)
        return False
    target.write_text(text)
    os.chmod(target, 0o644)
    LOG.info("wrote %s", target)
    return True


def reload_rules():
    for args in (["udevadm", "control", "--reload-rules"],
                 ["udevadm", "trigger", "--subsystem-match=tty"]):
        subprocess.run(args, check=False)


class PresentProbes:
    """Fix up permissions on probes that are already plugged in."""

    def __init__(self, gid):
        self.gid = gid

    def candidates(self):
        for node in sorted(Path("/dev").glob("tty[UA][SC][BM]*")):
            yield node

    def adopt(self, node, dry_run):
        st = node.stat()
        if st.st_gid == self.gid and (st.st_mode & 0o777) == DEV_MODE:
            return False
        if dry_run:
            LOG.info("would adopt %s", node)
            return False
        os.chown(node, -1, self.gid)
        os.chmod(node, DEV_MODE)
        LOG.info("granted %s access to %s", GROUP, node)
        return True


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--group", default=GROUP)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if os.geteuid() != 0 and not args.dry_run:
        LOG.error("needs to run as root (try --dry-run first)")
        return 1
    try:
        gid = grp.getgrnam(args.group).gr_gid
    except KeyError:
        LOG.error("group %s does not exist", args.group)
        return 1

    if install_rules(build_rules(args.group), args.dry_run):
        reload_rules()
    present = PresentProbes(gid)
    changed = sum(present.adopt(n, args.dry_run) for n in present.candidates())
    LOG.info("%d probe node(s) updated", changed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
