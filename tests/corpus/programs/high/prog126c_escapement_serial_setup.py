#!/usr/bin/env python3
"""Escapement stand serial setup.

The optical pickup on the timing stand enumerates as a USB CDC device
(/dev/ttyACM* or /dev/ttyUSB* depending on the adapter).  On the bench
laptops the logger runs as the watchmaker's own account, so this helper
finds the stand, hands the device node to that account and checks that
ticks are arriving before the first test of the day.
"""
import argparse
import glob
import logging
import os
import pwd
import stat
import sys
import time

import serial

log = logging.getLogger("standsetup")

VENDOR_HINTS = ("1a86", "0403", "2341")  # CH340, FTDI, Arduino
CANDIDATES = ("/dev/ttyACM*", "/dev/ttyUSB*")


def usb_vendor(dev):
    """Walk sysfs up from the tty to find the idVendor of the USB device."""
    base = os.path.realpath(f"/sys/class/tty/{os.path.basename(dev)}/device")
    for _ in range(5):
        path = os.path.join(base, "idVendor")
        if os.path.exists(path):
            with open(path) as fh:
                return fh.read().strip()
        base = os.path.dirname(base)
    return None


def find_stand(explicit=None):
    if explicit:
        return explicit if os.path.exists(explicit) else None
    for pattern in CANDIDATES:
        for dev in sorted(glob.glob(pattern)):
            vid = usb_vendor(dev)
            log.debug("%s vendor=%s", dev, vid)
            if vid in VENDOR_HINTS:
                return dev
    return None


def grant_access(dev, user):
    pw = pwd.getpwnam(user)
    st = os.stat(dev)
    if st.st_uid == pw.pw_uid and stat.S_IMODE(st.st_mode) & 0o600 == 0o600:
        log.info("%s already owned by %s", dev, user)
        return
    os.chown(dev, pw.pw_uid, pw.pw_gid)
    os.chmod(dev, 0o660)
    log.info("%s -> %s:%s mode 660", dev, user, pw.pw_gid)


def check_ticks(dev, baud, seconds):
    count = 0
    deadline = time.monotonic() + seconds
    with serial.Serial(dev, baud, timeout=1) as port:
        port.reset_input_buffer()
        while time.monotonic() < deadline:
            line = port.readline().decode("ascii", "replace").strip()
            if line and line.split()[-1] in ("T", "K"):
                count += 1
    return count


def main(argv=None):
    ap = argparse.ArgumentParser(description="Prepare the escapement stand's serial port")
    ap.add_argument("--device", help="device node, autodetected if omitted")
    ap.add_argument("--user", default=os.environ.get("SUDO_USER") or os.environ.get("USER"))
    ap.add_argument("--baud", type=int, default=115200)
    ap.add_argument("--listen", type=float, default=5.0, help="seconds to listen for ticks")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    dev = find_stand(args.device)
    if not dev:
        log.error("no timing stand found on %s", ", ".join(CANDIDATES))
        return 1
    log.info("timing stand on %s", dev)

    try:
        grant_access(dev, args.user)
    except PermissionError:
        log.error("cannot change %s; run this once with elevated rights", dev)
        return 3
    except KeyError:
        log.error("unknown user %s", args.user)
        return 2

    try:
        n = check_ticks(dev, args.baud, args.listen)
    except serial.SerialException as exc:
        log.error("cannot open %s: %s", dev, exc)
        return 1
    if n == 0:
        log.warning("no ticks in %.0fs - is the movement on the stand?", args.listen)
        return 1
    log.info("%d ticks in %.0fs, stand ready", n, args.listen)
    return 0


if __name__ == "__main__":
    sys.exit(main())
