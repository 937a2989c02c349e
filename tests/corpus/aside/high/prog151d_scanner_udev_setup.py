#!/usr/bin/env python3
"""Set up the handheld barcode scanners on a racking label station.

The cradle of the freezer-rated scanners shows up as a CDC-ACM serial port.
Out of the box only root can open it, so the label software fails with
"permission denied".  This installs a udev rule giving the warehouse group
access, loads the driver if it is missing and re-triggers udev.
"""
import argparse
import grp
import logging
import os
import shutil
import subprocess
import sys
import tempfile

log = logging.getLogger("scanner_setup")

VENDORS = {
    # vendor id -> product ids of the cradles we have in use
    "05e0": ["1200", "1701"],
    "0c2e": ["0b61", "0b81"],
}
RULES_DIR = os.path.join(os.sep, "etc", "udev", "rules.d")
RULE_NAME = "70-rack-scanner.rules"


def root_prefix():
    """Pick whichever elevation helper exists on this station."""
    if os.geteuid() == 0:
        return []
    for helper in ("sudo", "pkexec", "doas"):
        if shutil.which(helper):
            return [helper]
    raise RuntimeError("need root and no sudo/pkexec/doas available")


def as_root(args, **kw):
    cmd = root_prefix() + list(args)
    log.debug("run %s", " ".join(cmd))
    return subprocess.run(cmd, check=True, **kw)


def render_rules(group):
    lines = ["# barcode scanner cradles - managed by scanner_udev_setup"]
    for vid, pids in VENDORS.items():
        for pid in pids:
            lines.append(
                f'SUBSYSTEM=="tty", ATTRS{{idVendor}}=="{vid}", ATTRS{{idProduct}}=="{pid}", '
                f'MODE="0660", GROUP="{group}", SYMLINK+="rackscanner%n"'
            )
    return "\n".join(lines) + "\n"


def install_rules(text):
    target = os.path.join(RULES_DIR, RULE_NAME)
    with tempfile.NamedTemporaryFile("w", delete=False, suffix=".rules") as tmp:
        tmp.write(text)
        staged = tmp.name
    try:
        as_root(["install", "-m", "0644", "-o", "root", "-g", "root", staged, target])
    finally:
        os.unlink(staged)
    log.info("installed %s", target)


def ensure_driver():
    with open("/proc/modules") as fh:
        loaded = {line.split()[0] for line in fh}
    if "cdc_acm" not in loaded:
        as_root(["modprobe", "cdc_acm"])
        log.info("loaded cdc_acm")


def fix_existing_nodes(group):
    gid = grp.getgrnam(group).gr_gid
    for name in sorted(os.listdir("/dev")):
        if name.startswith("ttyACM"):
            node = os.path.join("/dev", name)
            try:
                os.chown(node, 0, gid)
                os.chmod(node, 0o660)
            except PermissionError:
                as_root(["chgrp", group, node])
                as_root(["chmod", "0660", node])
            log.info("fixed permissions on %s", node)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--group", default="warehouse")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        grp.getgrnam(args.group)
    except KeyError:
        log.error("group %s does not exist", args.group)
        return 1

    rules = render_rules(args.group)
    if args.dry_run:
        print(rules)
        return 0
    try:
        install_rules(rules)
        ensure_driver()
        as_root(["udevadm", "control", "--reload-rules"])
        as_root(["udevadm", "trigger", "--subsystem-match=tty"])
        fix_existing_nodes(args.group)
    except (subprocess.CalledProcessError, RuntimeError) as exc:
        log.error("setup failed: %s", exc)
        return 1
    log.info("done; replug the cradle if the scanner is still not found")
    return 0


if __name__ == "__main__":
    sys.exit(main())
