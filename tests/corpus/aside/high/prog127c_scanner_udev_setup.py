#!/usr/bin/env python3
"""Set up USB barcode scanners for the equipment check log station.

The check log reads the scanners directly through /dev/hidraw so it doesn't
need a focused text box. This finds attached scanners by vendor ID, installs
a udev rule so they come up readable by the `plugdev` group on every plug-in,
and fixes the permissions of the ones plugged in right now.
"""

import argparse
import grp
import logging
import os
import shutil
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("scanner-setup")

RULES_PATH = Path("/etc/udev/rules.d/70-gear-scanners.rules")
KNOWN_VENDORS = {
    "05e0": "Zebra/Symbol",
    "0c2e": "Honeywell/Metrologic",
    "1eab": "Newland",
    "0483": "generic STM32 scanner",
}


def ensure_root(argv):
    """Re-run ourselves with elevated rights if needed."""
    if os.geteuid() == 0:
        return
    helper = shutil.which("sudo") or shutil.which("pkexec")
    if not helper:
        raise SystemExit("needs root and neither sudo nor pkexec is available")
    log.info("re-running with %s", os.path.basename(helper))
    os.execvp(helper, [helper, sys.executable, os.path.abspath(__file__), *argv])


def hidraw_devices():
    for node in sorted(Path("/sys/class/hidraw").glob("hidraw*")):
        uevent = node / "device" / "uevent"
        try:
            info = dict(line.split("=", 1) for line in uevent.read_text().splitlines() if "=" in line)
        except OSError:
            continue
        hid_id = info.get("HID_ID", "")  # e.g. 0003:000005E0:00001200
        parts = hid_id.split(":")
        if len(parts) != 3:
            continue
        vendor = parts[1][-4:].lower()
        product = parts[2][-4:].lower()
        yield Path("/dev") / node.name, vendor, product, info.get("HID_NAME", "?")


def build_rules(vendors, group):
    lines = ["# Equipment check log: barcode scanners readable by the station user"]
    for vid, name in sorted(vendors.items()):
        lines.append(f"# {name}")
        lines.append(f'KERNEL=="hidraw*", ATTRS{{idVendor}}=="{vid}", '
                     f'GROUP="{group}", MODE="0660", TAG+="uaccess"')
    return "\n".join(lines) + "\n"


def install_rules(text, dry_run):
    if RULES_PATH.exists() and RULES_PATH.read_text() == text:
        log.info("udev rules already up to date")
        return False
    if dry_run:
        print(text)
        return False
    RULES_PATH.write_text(text)
    os.chmod(RULES_PATH, 0o644)
    log.info("wrote %s", RULES_PATH)
    subprocess.run(["udevadm", "control", "--reload-rules"], check=True)
    subprocess.run(["udevadm", "trigger", "--subsystem-match=hidraw"], check=True)
    return True


def fix_present(devices, group, dry_run):
    gid = grp.getgrnam(group).gr_gid
    fixed = 0
    for dev, vendor, product, name in devices:
        if vendor not in KNOWN_VENDORS:
            continue
        log.info("%s: %s %s:%s", dev, name, vendor, product)
        if dry_run:
            continue
        os.chown(dev, 0, gid)
        os.chmod(dev, 0o660)
        fixed += 1
    return fixed


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--group", default="plugdev")
    ap.add_argument("--extra-vendor", action="append", default=[],
                    help="additional USB vendor id (hex), may repeat")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not args.dry_run:
        ensure_root(sys.argv[1:])
    vendors = dict(KNOWN_VENDORS)
    for vid in args.extra_vendor:
        vendors[vid.lower().removeprefix("0x")] = "site-added"
    try:
        install_rules(build_rules(vendors, args.group), args.dry_run)
        n = fix_present(list(hidraw_devices()), args.group, args.dry_run)
    except (OSError, subprocess.CalledProcessError, KeyError) as exc:
        log.error("setup failed: %s", exc)
        return 1
    log.info("%d scanner(s) ready", n)
    return 0


if __name__ == "__main__":
    sys.exit(main())
