#!/usr/bin/env python3
"""Set up the USB label printer used for exhibitor numbers and pen cards.

Installs a udev rule so the office group can print to the label printer
without root, fixes the permissions on the current device node, and can
send a test label.
"""
import argparse
import grp
import logging
import os
import sys
from pathlib import Path

log = logging.getLogger("label_printer")

VENDOR_ID = "04f9"      # Brother
PRODUCT_ID = "2042"     # QL-700
GROUP = os.environ.get("LABEL_GROUP", "showoffice")
RULE_PATH = Path("/etc/udev/rules.d/99-show-label-printer.rules")
DEVICE = Path(os.environ.get("LABEL_DEVICE", "/dev/usb/lp0"))

RULE = (
    'SUBSYSTEM=="usbmisc", ATTRS{{idVendor}}=="{v}", ATTRS{{idProduct}}=="{p}", '
    'MODE="0660", GROUP="{g}"\n'
)


def require_root():
    if os.geteuid() != 0:
        log.error("run this with root rights (it writes %s)", RULE_PATH)
        sys.exit(1)


def install_rule():
    text = RULE.format(v=VENDOR_ID, p=PRODUCT_ID, g=GROUP)
    if RULE_PATH.exists() and RULE_PATH.read_text() == text:
        log.info("udev rule already installed")
        return False
    RULE_PATH.write_text(text)
    os.chmod(RULE_PATH, 0o644)
    log.info("wrote %s", RULE_PATH)
    return True


def fix_device():
    if not DEVICE.exists():
        log.warning("%s not present, is the printer plugged in?", DEVICE)
        return
    gid = grp.getgrnam(GROUP).gr_gid
    os.chown(DEVICE, 0, gid)
    os.chmod(DEVICE, 0o660)
    log.info("set %s to root:%s 0660", DEVICE, GROUP)


def test_label(text):
    if not DEVICE.exists():
        log.error("no device to print to")
        return
    with open(DEVICE, "wb") as dev:
        dev.write(b"\x1b@")           # initialise
        dev.write(text.encode("ascii", "replace"))
        dev.write(b"\x0c")            # print and feed
    log.info("test label sent")


def main():
    parser = argparse.ArgumentParser(description="Label printer setup")
    parser.add_argument("--test", metavar="TEXT", help="print a test label")
    parser.add_argument("--skip-rule", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    require_root()
    try:
        grp.getgrnam(GROUP)
    except KeyError:
        log.error("group %s does not exist", GROUP)
        return 1
    if not args.skip_rule and install_rule():
        log.info("replug the printer or run 'udevadm trigger' to apply the rule")
    fix_device()
    if args.test:
        test_label(args.test)
    return 0


if __name__ == "__main__":
    sys.exit(main())
