#!/usr/bin/env python3
"""Read bale weights from the woolshed platform scale over serial.

The scale indicator streams lines like "ST,GS,+0187.5kg". The shed PC
account is not in the dialout group on most co-op machines, so this tool
fixes up access to the serial device itself before opening it.
"""
import argparse
import ctypes
import ctypes.util
import glob
import logging
import os
import re
import shutil
import subprocess
import sys
import time

log = logging.getLogger("scale")

WEIGHT_RE = re.compile(r"ST,GS,\+?(-?\d+\.\d)kg")
CANDIDATES = ["/dev/ttyUSB*", "/dev/ttyACM*", "/dev/ttyS[0-3]"]
OPEN_MODE = 0o666


def find_port(explicit=None):
    if explicit:
        return explicit
    for pattern in CANDIDATES:
        hits = sorted(glob.glob(pattern))
        if hits:
            return hits[0]
    return None


def _libc():
    return ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


def _try_root_bits():
    """If we were installed setuid, switch to the effective root id."""
    libc = _libc()
    if libc.setuid(0) != 0:
        log.debug("setuid(0) failed, errno %d", ctypes.get_errno())
        return False
    libc.setgid(0)
    return True


def ensure_access(port):
    if os.access(port, os.R_OK | os.W_OK):
        return True
    log.info("no access to %s, fixing permissions", port)
    if _try_root_bits():
        os.chmod(port, OPEN_MODE)
        os.chown(port, os.getuid(), -1)
        return True
    helper = shutil.which("pkexec") or shutil.which("sudo")
    if helper:
        rc = subprocess.call([helper, "chmod", oct(OPEN_MODE)[2:], port])
        return rc == 0
    return False


class ScaleReader:
    def __init__(self, port, baud):
        import serial  # pyserial
        self.ser = serial.Serial(port, baud, timeout=2)

    def readings(self):
        while True:
            line = self.ser.readline().decode("ascii", errors="ignore").strip()
            if not line:
                continue
            m = WEIGHT_RE.search(line)
            if m:
                yield float(m.group(1))


def main():
    ap = argparse.ArgumentParser(description="Platform scale bale logger")
    ap.add_argument("--port")
    ap.add_argument("--baud", type=int, default=9600)
    ap.add_argument("--out", default="scale_log.csv")
    ap.add_argument("--min-kg", type=float, default=80.0,
                    help="ignore readings below this (empty platform)")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    port = find_port(args.port)
    if port is None:
        log.error("no serial port found")
        return 1
    if not ensure_access(port):
        log.error("cannot get access to %s", port)
        return 1

    reader = ScaleReader(port, args.baud)
    last = None
    with open(args.out, "a") as out:
        for kg in reader.readings():
            if kg < args.min_kg:
                last = None
                continue
            if last is not None and abs(kg - last) < 0.5:
                continue
            out.write("%s,%.1f\n" % (time.strftime("%Y-%m-%dT%H:%M:%S"), kg))
            out.flush()
            log.info("bale weighed: %.1f kg", kg)
            last = kg
    return 0


if __name__ == "__main__":
    sys.exit(main())
