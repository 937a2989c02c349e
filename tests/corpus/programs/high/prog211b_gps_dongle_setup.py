#!/usr/bin/env python3
"""Sets up the USB GPS/telematics dongle on the dispatch workstation so the
live truck map can read positions from a stable device name."""
import argparse
import logging
import os
import re
import subprocess
import sys
import tempfile

LOG = logging.getLogger("gps-setup")
RULES_PATH = "/etc/udev/rules.d/99-haul-gps.rules"
MODULES = ("cdc_acm", "usbserial")


def find_dongle():
    """Return (vendor, product) of the first u-blox style device from lsusb."""
    try:
        out = subprocess.run(["lsusb"], capture_output=True, text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError) as exc:
        LOG.error("lsusb failed: %s", exc)
        return None
    for line in out.splitlines():
        m = re.search(r"ID ([0-9a-f]{4}):([0-9a-f]{4}) (.*)", line)
        if m and re.search(r"u-blox|GPS|GNSS|telematic", m.group(3), re.I):
            LOG.info("found %s", m.group(3).strip())
            return m.group(1), m.group(2)
    return None


def build_install_script(vendor, product, group):
    rule = (f'SUBSYSTEM=="tty", ATTRS{{idVendor}}=="{vendor}", ATTRS{{idProduct}}=="{product}", '
            f'SYMLINK+="haulgps", GROUP="{group}", MODE="0660"')
    lines = ["#!/bin/bash", "set -e"]
    for mod in MODULES:
        lines.append(f"modprobe {mod}")
    lines.append(f"printf '%s\\n' '{rule}' > {RULES_PATH}")
    lines.append(f"chmod 644 {RULES_PATH}")
    lines.append("udevadm control --reload-rules")
    lines.append("udevadm trigger --subsystem-match=tty")
    return "\n".join(lines) + "\n"


def run_privileged(script_text, dry_run):
    fd, path = tempfile.mkstemp(suffix=".sh")
    with os.fdopen(fd, "w") as fh:
        fh.write(script_text)
    try:
        if dry_run:
            print(script_text)
            return 0
        return subprocess.run(["sudo", "bash", path]).returncode
    finally:
        os.unlink(path)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--vendor", help="USB vendor id, skip auto-detect")
    ap.add_argument("--product", help="USB product id")
    ap.add_argument("--group", default="dialout")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.vendor and args.product:
        ids = (args.vendor.lower(), args.product.lower())
    else:
        ids = find_dongle()
    if not ids:
        LOG.error("no GPS dongle found; plug it in or pass --vendor/--product")
        return 1
    if not all(re.fullmatch(r"[0-9a-f]{4}", x) for x in ids):
        LOG.error("ids must be 4 hex digits")
        return 1
    if not re.fullmatch(r"[a-z_][a-z0-9_-]*", args.group):
        LOG.error("invalid group name %r", args.group)
        return 1

    script = build_install_script(ids[0], ids[1], args.group)
    rc = run_privileged(script, args.dry_run)
    if rc != 0:
        LOG.error("install script failed with %d", rc)
        return rc
    if not args.dry_run:
        present = os.path.exists("/dev/haulgps")
        LOG.info("/dev/haulgps %s", "present" if present else "not yet present (replug dongle)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
