#!/usr/bin/env python3
"""Prepare the model printers' serial ports for the slicer.

The lab's DLP model printers and the denture-base printer show up as USB CDC
serial devices (/dev/ttyACM*).  After every reboot the nodes come back owned
by root:dialout and the slicer (running as the lab user) cannot open them.
This helper finds the printers by USB vendor id, opens the nodes up for the
slicer, and asks each printer for its firmware banner so the operator can
see which one is which.
"""
import argparse
import grp
import logging
import os
import pwd
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import serial  # pyserial

LOG = logging.getLogger("printer_ports")
PRINTER_VIDS = {"2e8a": "dlp_model_printer", "1a86": "denture_base_printer", "0483": "resin_curing_unit"}
SYS_TTY = Path("/sys/class/tty")


def usb_attr(tty_name, attr):
    """Walk up from the tty's sysfs node to the USB device and read attr."""
    node = (SYS_TTY / tty_name / "device").resolve()
    for parent in [node, *node.parents]:
        f = parent / attr
        if f.is_file():
            return f.read_text().strip()
    return None


def discover():
    found = []
    for entry in sorted(SYS_TTY.glob("ttyACM*")) + sorted(SYS_TTY.glob("ttyUSB*")):
        vid = usb_attr(entry.name, "idVendor")
        if vid in PRINTER_VIDS:
            found.append((Path("/dev") / entry.name, PRINTER_VIDS[vid], usb_attr(entry.name, "serial")))
    return found


class PortAccess:
    def __init__(self, user, mode):
        self.user = user
        self.mode = mode
        pw = pwd.getpwnam(user)
        self.uid, self.gid = pw.pw_uid, pw.pw_gid

    def needs_fix(self, dev):
        st = dev.stat()
        return stat.S_IMODE(st.st_mode) != self.mode or st.st_gid != self.gid

    def apply(self, dev):
        try:
            os.chown(dev, -1, self.gid)
            os.chmod(dev, self.mode)
        except PermissionError:
            helper = shutil.which("pkexec") and "pkexec" or "sudo"
            group = grp.getgrgid(self.gid).gr_name
            for cmd in ([helper, "chgrp", group, str(dev)], [helper, "chmod", f"{self.mode:o}", str(dev)]):
                subprocess.run(cmd, check=True, timeout=60)
        LOG.info("%s now %o group %s", dev, self.mode, grp.getgrgid(self.gid).gr_name)


def firmware_banner(dev, baud=115200):
    try:
        with serial.Serial(str(dev), baud, timeout=2) as port:
            port.reset_input_buffer()
            port.write(b"M115\n")
            return port.readline().decode(errors="replace").strip() or "(no reply)"
    except serial.SerialException as exc:
        return f"(cannot open: {exc})"


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--user", default=os.environ.get("SUDO_USER") or pwd.getpwuid(os.getuid()).pw_name)
    ap.add_argument("--mode", default="666", help="octal mode for the device nodes")
    ap.add_argument("--no-banner", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    printers = discover()
    if not printers:
        LOG.warning("no printers found on USB")
        return 1
    access = PortAccess(args.user, int(args.mode, 8))
    for dev, kind, serial_no in printers:
        if access.needs_fix(dev):
            try:
                access.apply(dev)
            except (subprocess.CalledProcessError, OSError) as exc:
                LOG.error("could not open up %s: %s", dev, exc)
                continue
        banner = "" if args.no_banner else firmware_banner(dev)
        print(f"{dev}\t{kind}\t{serial_no or '?'}\t{banner}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
