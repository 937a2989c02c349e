#!/usr/bin/env python3
"""Prepare a check-in laptop to print name badges on the Zebra/Brother label
printer without going through CUPS.

The check-in app writes raw ZPL straight to the USB line-printer device, so
the device has to be writable by the volunteer account, and stay that way
when the printer is unplugged and plugged back in during the event.

    badge_printer_setup.py              # detect, fix permissions, add rule
    badge_printer_setup.py --test       # also print a test badge
"""
import argparse
import grp
import logging
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

log = logging.getLogger("badge-printer")

VENDORS = {"0a5f": "Zebra", "04f9": "Brother"}
RULE_PATH = Path("/etc/udev/rules.d/72-checkin-badge-printer.rules")
TEST_ZPL = b"^XA^CF0,60^FO50,50^FDTest Badge^FS^CF0,30^FO50,130^FDCheck-in OK^FS^XZ"


def ensure_root(argv):
    if os.geteuid() == 0:
        return
    helper = shutil.which("sudo") or shutil.which("pkexec")
    if not helper:
        sys.exit("needs root and neither sudo nor pkexec is available")
    log.info("re-running with %s", os.path.basename(helper))
    os.execv(helper, [helper, sys.executable, os.path.abspath(__file__), *argv])


def find_printers():
    """Yields (device path, vendor id) for USB line printers."""
    for dev in sorted(Path("/dev/usb").glob("lp*")):
        sys_dev = Path("/sys/class/usbmisc") / dev.name / "device" / ".."
        vendor_file = sys_dev / "idVendor"
        try:
            vendor = vendor_file.read_text().strip()
        except OSError:
            vendor = "????"
        yield dev, vendor


def write_rule(group):
    lines = ["# written by badge_printer_setup.py - check-in badge printers"]
    for vid, name in VENDORS.items():
        lines.append(
            f'SUBSYSTEM=="usbmisc", KERNEL=="lp[0-9]*", ATTRS{{idVendor}}=="{vid}", '
            f'GROUP="{group}", MODE="0666"  # {name}'
        )
    RULE_PATH.write_text("\n".join(lines) + "\n")
    os.chmod(RULE_PATH, 0o644)
    log.info("wrote %s", RULE_PATH)
    for cmd in (["udevadm", "control", "--reload-rules"],
                ["udevadm", "trigger", "--subsystem-match=usbmisc"]):
        subprocess.run(cmd, check=False)


def open_device(dev, gid):
    os.chown(dev, 0, gid)
    os.chmod(dev, 0o666)
    log.info("%s is now group %d, mode 0666", dev, gid)


def print_test(dev):
    with open(dev, "wb", buffering=0) as fh:
        fh.write(TEST_ZPL)
    log.info("test badge sent to %s", dev)


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--group", default="lp")
    ap.add_argument("--test", action="store_true")
    ap.add_argument("--wait", type=int, default=10,
                    help="seconds to wait for the printer to appear")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(name)s: %(message)s")

    ensure_root(argv)

    try:
        gid = grp.getgrnam(args.group).gr_gid
    except KeyError:
        log.error("group %s does not exist", args.group)
        return 2

    deadline = time.monotonic() + args.wait
    printers = list(find_printers())
    while not printers and time.monotonic() < deadline:
        log.info("waiting for a USB printer to be plugged in...")
        time.sleep(2)
        printers = list(find_printers())

    write_rule(args.group)

    if not printers:
        log.warning("no printer found now; the rule will apply when one is attached")
        return 0

    for dev, vendor in printers:
        log.info("found %s (%s)", dev, VENDORS.get(vendor, vendor))
        open_device(dev, gid)
        if args.test:
            print_test(dev)
    return 0


if __name__ == "__main__":
    sys.exit(main())
