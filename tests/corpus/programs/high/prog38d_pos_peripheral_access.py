#!/usr/bin/env python3
"""Give the POS application access to its USB peripherals.

Receipt printers, cash drawers (kicked through the printer) and customer
pole displays show up as /dev/ttyUSB* or /dev/usb/lp* and are root-only by
default.  This helper

  * installs a udev rule so the devices get group 'pos' and mode 0660,
  * fixes the permissions of the devices that are already plugged in,
  * reloads udev.

Device IDs come from a small table below or --extra vendor:product pairs.
"""
import argparse
import glob
import grp
import logging
import os
import shutil
import subprocess
import sys
from pathlib import Path

RULES_PATH = Path("/etc/udev/rules.d/71-pos-peripherals.rules")
POS_GROUP = "pos"

KNOWN_DEVICES = [
    # vendor, product, description
    ("04b8", "0202", "Epson TM-T20 receipt printer"),
    ("04b8", "0e15", "Epson TM-T20II receipt printer"),
    ("0519", "0003", "Star TSP143 receipt printer"),
    ("0403", "6001", "FTDI serial (pole display / scale)"),
    ("067b", "2303", "Prolific serial (cash drawer interface)"),
]

log = logging.getLogger("pos-peripherals")


def elevate():
    if os.geteuid() == 0:
        return
    helper = shutil.which("pkexec") or shutil.which("sudo")
    if not helper:
        sys.exit("need root: neither pkexec nor sudo is available")
    log.info("requesting administrator rights via %s", os.path.basename(helper))
    os.execv(helper, [helper, sys.executable, os.path.abspath(__file__)] + sys.argv[1:])


def build_rules(devices, group):
    out = ["# Installed by pos-peripheral-access. Do not edit by hand.",
           f"# Grants group '{group}' access to POS peripherals."]
    for vendor, product, desc in devices:
        out.append(f"# {desc}")
        for subsystem in ("tty", "usbmisc", "usb"):
            out.append(
                f'SUBSYSTEM=="{subsystem}", ATTRS{{idVendor}}=="{vendor}", '
                f'ATTRS{{idProduct}}=="{product}", GROUP="{group}", MODE="0660"')
    return "\n".join(out) + "\n"


def ensure_group(name):
    try:
        return grp.getgrnam(name).gr_gid
    except KeyError:
        subprocess.run(["groupadd", "--system", name], check=True)
        return grp.getgrnam(name).gr_gid


def fix_present_devices(gid):
    fixed = 0
    for dev in sorted(set(glob.glob("/dev/ttyUSB*") + glob.glob("/dev/ttyACM*")
                          + glob.glob("/dev/usb/lp*"))):
        try:
            os.chown(dev, 0, gid)
            os.chmod(dev, 0o660)
            fixed += 1
            log.info("adjusted %s", dev)
        except OSError as exc:
            log.warning("could not adjust %s: %s", dev, exc)
    return fixed


def reload_udev():
    for cmd in (["udevadm", "control", "--reload-rules"],
                ["udevadm", "trigger", "--subsystem-match=tty",
                 "--subsystem-match=usbmisc", "--action=change"]):
        subprocess.run(cmd, check=False)


def parse_extra(values):
    devices = []
    for v in values or []:
        try:
            vendor, product = v.lower().split(":")
            int(vendor, 16), int(product, 16)
        except ValueError:
            raise SystemExit(f"--extra expects vendor:product in hex, got {v!r}")
        devices.append((vendor, product, "site-specific device"))
    return devices


def main(argv=None):
    ap = argparse.ArgumentParser(description="POS peripheral permissions")
    ap.add_argument("--extra", action="append", metavar="VID:PID")
    ap.add_argument("--user", default=os.environ.get("SUDO_USER") or os.environ.get("PKEXEC_UID"),
                    help="add this login to the pos group")
    ap.add_argument("--print-only", action="store_true",
                    help="print the udev rules and exit")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    devices = KNOWN_DEVICES + parse_extra(args.extra)
    rules = build_rules(devices, POS_GROUP)
    if args.print_only:
        print(rules, end="")
        return 0

    elevate()
    gid = ensure_group(POS_GROUP)
    if RULES_PATH.exists() and RULES_PATH.read_text() == rules:
        log.info("%s already current", RULES_PATH)
    else:
        RULES_PATH.write_text(rules)
        os.chmod(RULES_PATH, 0o644)
        log.info("wrote %s (%d devices)", RULES_PATH, len(devices))
    reload_udev()
    n = fix_present_devices(gid)
    if args.user and not args.user.isdigit():
        subprocess.run(["usermod", "-aG", POS_GROUP, args.user], check=False)
        log.info("added %s to group %s (log out and in again)", args.user, POS_GROUP)
    log.info("done, %d connected device(s) adjusted", n)
    return 0


if __name__ == "__main__":
    sys.exit(main())
