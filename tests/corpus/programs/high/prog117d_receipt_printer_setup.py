#!/usr/bin/env python3
"""Set up the cafe receipt printer on the till PC and print a test slip.

The Epson TM-series receipt printer shows up as /dev/usb/lp*. The till app
runs as the 'till' user, so the device needs the right group and mode, and a
udev rule keeps that across replugs. Then a short ESC/POS test slip with the
venue header is printed so staff can check paper and cutter.
"""
import argparse
import glob
import grp
import logging
import os
import stat
import sys
from datetime import datetime

log = logging.getLogger("printer_setup")

UDEV_RULE_PATH = "/etc/udev/rules.d/99-cafe-receipt-printer.rules"
UDEV_RULE = ('SUBSYSTEM=="usbmisc", ATTRS{idVendor}=="04b8", '
             'GROUP="{group}", MODE="0660"\n')

ESC = b"\x1b"
GS = b"\x1d"


class EscPosSlip:
    """Tiny ESC/POS builder, enough for a test slip."""

    def __init__(self):
        self.buf = bytearray(ESC + b"@")

    def bold(self, on=True):
        self.buf += ESC + b"E" + (b"\x01" if on else b"\x00")
        return self

    def center(self):
        self.buf += ESC + b"a\x01"
        return self

    def left(self):
        self.buf += ESC + b"a\x00"
        return self

    def line(self, text=""):
        self.buf += text.encode("cp437", "replace") + b"\n"
        return self

    def cut(self):
        self.buf += b"\n\n\n" + GS + b"V\x00"
        return self

    def bytes(self):
        return bytes(self.buf)


def find_printer(explicit=None):
    if explicit:
        return explicit
    devices = sorted(glob.glob("/dev/usb/lp*"))
    if not devices:
        raise FileNotFoundError("no /dev/usb/lp* device - is the printer on?")
    if len(devices) > 1:
        log.warning("several printers found, using %s", devices[0])
    return devices[0]


def grant_device(device, group_name):
    gid = grp.getgrnam(group_name).gr_gid
    st = os.stat(device)
    if st.st_gid != gid:
        os.chown(device, -1, gid)
        log.info("group of %s set to %s", device, group_name)
    if stat.S_IMODE(st.st_mode) != 0o660:
        os.chmod(device, 0o660)
        log.info("mode of %s set to 0660", device)


def install_udev_rule(group_name):
    rule = UDEV_RULE.replace("{group}", group_name)
    try:
        with open(UDEV_RULE_PATH, encoding="utf-8") as fh:
            if fh.read() == rule:
                return False
    except FileNotFoundError:
        pass
    with open(UDEV_RULE_PATH, "w", encoding="utf-8") as fh:
        fh.write(rule)
    log.info("wrote %s", UDEV_RULE_PATH)
    return True


def test_slip(venue):
    return (EscPosSlip().center().bold().line(venue).bold(False)
            .line("Cafe printer test").line(datetime.now().strftime("%d/%m/%Y %H:%M"))
            .left().line("-" * 32).line("1 x Babyccino            0.00")
            .line("1 x Kids meal deal        4.95").line("-" * 32)
            .center().line("Thank you for playing!").cut().bytes())


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--device", help="printer device, default: first /dev/usb/lp*")
    ap.add_argument("--group", default="till")
    ap.add_argument("--venue", default="Jungle Jumpers Soft Play")
    ap.add_argument("--no-rule", action="store_true", help="skip the udev rule")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        device = find_printer(args.device)
        grant_device(device, args.group)
        if not args.no_rule:
            install_udev_rule(args.group)
    except (FileNotFoundError, KeyError, PermissionError) as exc:
        log.error("setup failed: %s", exc)
        return 1

    with open(device, "wb", buffering=0) as lp:
        lp.write(test_slip(args.venue))
    log.info("test slip sent to %s", device)
    return 0


if __name__ == "__main__":
    sys.exit(main())
