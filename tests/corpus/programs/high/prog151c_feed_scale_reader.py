#!/usr/bin/env python3
"""Feed room scale reader.

Reads weights from the platform scale in the feed room over its serial
port and logs how much hay and hard feed is used per day. Started from the
feed room PC's boot script, which runs as root, so it takes over the serial
device and then switches to the yard account.
"""

import argparse
import csv
import ctypes
import ctypes.util
import datetime as dt
import grp
import logging
import os
import pwd
import sys
import time
from pathlib import Path

import serial  # pyserial

log = logging.getLogger("feed_scale")

DEVICE = "/dev/ttyUSB0"
BAUD = 9600


def hand_device_to(user, group, device):
    """Give the yard account ownership of the scale's serial port."""
    uid = pwd.getpwnam(user).pw_uid
    gid = grp.getgrnam(group).gr_gid
    os.chown(device, uid, gid)
    os.chmod(device, 0o660)
    return uid, gid


def switch_identity(uid, gid):
    """Change the process identity via libc so it also covers threads."""
    libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
    calls = (("setgroups", (0, None)), ("setresgid", (gid, gid, gid)), ("setresuid", (uid, uid, uid)))
    for name, params in calls:
        fn = getattr(libc, name)
        if fn(*params) != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{name} failed: {os.strerror(err)}")
    log.info("now running as uid=%d gid=%d", os.getuid(), os.getgid())


class ScaleLog:
    def __init__(self, path):
        self.path = Path(path)
        new = not self.path.exists()
        self.fh = self.path.open("a", newline="")
        self.writer = csv.writer(self.fh)
        if new:
            self.writer.writerow(["timestamp", "item", "kg"])

    def add(self, item, kg):
        self.writer.writerow([dt.datetime.now().isoformat(timespec="seconds"), item, f"{kg:.2f}"])
        self.fh.flush()


def parse_line(raw):
    # the indicator sends lines like "ST,GS,+  012.35kg"
    text = raw.decode("ascii", errors="ignore").strip()
    if not text.startswith("ST"):
        return None
    try:
        number = text.split(",")[-1].replace("kg", "").replace("+", "").strip()
        return float(number)
    except ValueError:
        return None


def read_loop(port, scale_log, item, settle):
    last = None
    stable_since = None
    while True:
        kg = parse_line(port.readline())
        if kg is None:
            continue
        if last is not None and abs(kg - last) < 0.05:
            if stable_since and time.time() - stable_since > settle and kg > 0.5:
                scale_log.add(item, kg)
                log.info("recorded %.2f kg of %s", kg, item)
                stable_since = None
        else:
            stable_since = time.time()
        last = kg


def main():
    parser = argparse.ArgumentParser(description="Log feed room scale readings")
    parser.add_argument("--device", default=DEVICE)
    parser.add_argument("--user", default="yard")
    parser.add_argument("--group", default="dialout")
    parser.add_argument("--item", default="hay")
    parser.add_argument("--log", default="feed_usage.csv")
    parser.add_argument("--settle", type=float, default=3.0)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    try:
        uid, gid = hand_device_to(args.user, args.group, args.device)
        port = serial.Serial(args.device, BAUD, timeout=2)
        switch_identity(uid, gid)
    except (KeyError, OSError, serial.SerialException) as exc:
        log.error("could not prepare the scale: %s", exc)
        return 1

    try:
        read_loop(port, ScaleLog(args.log), args.item, args.settle)
    except KeyboardInterrupt:
        log.info("stopped")
    finally:
        port.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
