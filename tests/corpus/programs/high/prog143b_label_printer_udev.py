#!/usr/bin/env python3
"""Make USB barcode label printers usable by the labelling group.

When a new Zebra/Honeywell printer is plugged into a component lab PC the
device node belongs to root and the labelling app cannot open it. This
detects the printers, writes a device rule so the node comes up with the
right group, fixes the existing nodes and reloads the rules.
"""
import argparse
import glob
import grp
import logging
import os
import subprocess
import sys

log = logging.getLogger("printer-udev")

VENDORS = {"0a5f": "Zebra", "0e8d": "Honeywell", "1203": "TSC"}
RULE_DIR = os.path.join(os.sep, "etc", "udev", "rules.d")
RULE_NAME = "72-bloodbank-label-printers.rules"
RULE_TMPL = 'SUBSYSTEM=="usb", ATTRS{idVendor}=="%s", MODE="0660", GROUP="%s"\n'


def elevate(argv, data=None):
    """Run a command as root, via sudo unless we already are root."""
    if os.geteuid() != 0:
        argv = ["sudo", "-n"] + argv
    return subprocess.run(argv, input=data, capture_output=True, text=True, check=False)


def find_printers():
    found = []
    for dev in glob.glob("/sys/bus/usb/devices/*"):
        try:
            with open(os.path.join(dev, "idVendor")) as fh:
                vid = fh.read().strip()
        except OSError:
            continue
        if vid in VENDORS:
            found.append((vid, os.path.basename(dev)))
    return found


def write_rule(vendors, group, dry_run):
    text = "# label printers for the component lab\n"
    text += "".join(RULE_TMPL % (vid, group) for vid in sorted(vendors))
    path = os.path.join(RULE_DIR, RULE_NAME)
    if dry_run:
        print("would write %s:\n%s" % (path, text))
        return True
    if os.geteuid() == 0:
        with open(path, "w") as fh:
            fh.write(text)
        return True
    res = elevate(["tee", path], data=text)
    if res.returncode != 0:
        log.error("could not write %s: %s", path, res.stderr.strip())
    return res.returncode == 0


def fix_nodes(group, dry_run):
    gid = grp.getgrnam(group).gr_gid
    for node in glob.glob("/dev/usb/lp*"):
        if dry_run:
            print("would chgrp %s %s and chmod 0660" % (group, node))
            continue
        try:
            os.chown(node, -1, gid)
            os.chmod(node, 0o660)
        except PermissionError:
            elevate(["chgrp", group, node])
            elevate(["chmod", "0660", node])
        log.info("fixed %s", node)


def reload_rules(dry_run):
    if dry_run:
        return
    for argv in (["udevadm", "control", "--reload-rules"],
                 ["udevadm", "trigger", "--subsystem-match=usb"]):
        res = elevate(argv)
        if res.returncode != 0:
            log.warning("%s failed: %s", " ".join(argv), res.stderr.strip())


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--group", default="labelling")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        grp.getgrnam(args.group)
    except KeyError:
        log.error("group %s does not exist", args.group)
        return 2
    printers = find_printers()
    if not printers:
        log.info("no label printers attached")
        return 0
    for vid, port in printers:
        log.info("found %s printer on %s", VENDORS[vid], port)
    if write_rule({vid for vid, _ in printers}, args.group, args.dry_run):
        reload_rules(args.dry_run)
    fix_nodes(args.group, args.dry_run)
    return 0


if __name__ == "__main__":
    sys.exit(main())
