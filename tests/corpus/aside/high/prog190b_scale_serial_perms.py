#!/usr/bin/env python3
"""Read the net weight from the floor scale on the goods-in dock.

The scale (RS-232 via a USB adapter) appears as /dev/ttyUSB*; on fresh
installs the device node is root-only, so the tool fixes its permissions
before reading.
"""
import argparse
import logging
import os
import re
import shutil
import subprocess
import termios
import time
from pathlib import Path

log = logging.getLogger("dock-scale")

WEIGHT_RE = re.compile(r"([+-]?\d+(?:\.\d+)?)\s*(kg|g|lb)", re.I)
_ELEVATE = {"sudo": ["sudo", "-n"], "doas": ["doas", "-n"], "pkexec": ["pkexec"]}


class Device:
    prefix = "/dev/"
    families = ("ttyUSB", "ttyACM")

    @classmethod
    def find(cls, wanted=None):
        if wanted:
            return Path(wanted)
        for fam in cls.families:
            hits = sorted(Path(cls.prefix).glob(fam + "*"))
            if hits:
                return hits[0]
        return None


def _elevator():
    for name, argv in _ELEVATE.items():
        if shutil.which(name):
            return argv
    raise RuntimeError("no privilege helper installed")


def fix_permissions(dev, group, mode):
    if os.access(dev, os.R_OK | os.W_OK):
        return False
    if os.geteuid() == 0:
        os.chmod(dev, mode)
        shutil.chown(dev, group=group)
        return True
    prefix = _elevator()
    for cmd in (["chgrp", group, str(dev)], ["chmod", format(mode, "o"), str(dev)]):
        log.info("running %s", " ".join(prefix + cmd))
        subprocess.run(prefix + cmd, check=True)
    return True


def configure(fd, baud=termios.B9600):
    attrs = termios.tcgetattr(fd)
    attrs[4] = attrs[5] = baud
    attrs[3] &= ~(termios.ICANON | termios.ECHO)
    termios.tcsetattr(fd, termios.TCSANOW, attrs)


def read_weight(dev, timeout=5.0):
    fd = os.open(dev, os.O_RDWR | os.O_NOCTTY | os.O_NONBLOCK)
    try:
        configure(fd)
        os.write(fd, b"P\r\n")  # print command understood by most dock scales
        buf, deadline = b"", time.time() + timeout
        while time.time() < deadline:
            try:
                buf += os.read(fd, 64)
            except BlockingIOError:
                time.sleep(0.05)
            m = WEIGHT_RE.search(buf.decode(errors="ignore"))
            if m:
                return float(m.group(1)), m.group(2).lower()
    finally:
        os.close(fd)
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--device", default=os.environ.get("SCALE_DEVICE"))
    ap.add_argument("--group", default=os.environ.get("SCALE_GROUP", "dialout"))
    ap.add_argument("--mode", type=lambda s: int(s, 8), default=0o666)
    ap.add_argument("--lot", help="goods-in lot number to print with the weight")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    dev = Device.find(args.device)
    if dev is None:
        log.error("no scale attached")
        return 1
    if fix_permissions(dev, args.group, args.mode):
        log.info("permissions on %s updated", dev)
    reading = read_weight(str(dev))
    if not reading:
        log.error("scale did not answer")
        return 2
    value, unit = reading
    print(f"{args.lot or '-'}\t{value}\t{unit}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
