#!/usr/bin/env python3
"""HID barcode scanner daemon.

Reads a USB barcode scanner in HID POS mode straight from its hidraw node
(so scans never go through the keyboard stack), decodes the reports and posts
each scan to the lane's inventory endpoint.  Started by the lane supervisor,
it opens the device first and then continues as the unprivileged till user.
"""

import argparse
import ctypes
import ctypes.util
import glob
import grp
import json
import logging
import os
import pwd
import sys
import time

import requests

log = logging.getLogger("hid-scanner")

INVENTORY_URL = os.environ.get("INVENTORY_URL", "https://inventory.northwind-retail.example/v2/scans")
REPORT_SIZE = 64


def find_scanner(vendor, product):
    """Match /sys/class/hidraw/*/device/uevent against HID_ID."""
    want = ":%08X:%08X" % (int(vendor, 16), int(product, 16))
    for uevent in glob.glob("/sys/class/hidraw/hidraw*/device/uevent"):
        try:
            with open(uevent) as fh:
                text = fh.read()
        except OSError:
            continue
        for line in text.splitlines():
            if line.startswith("HID_ID=") and line.upper().endswith(want):
                node = uevent.split("/")[4]
                return "/dev/" + node
    return None


class Credentials:
    """Switch the process to the till account once the device is open."""

    libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)

    def __init__(self, username):
        entry = pwd.getpwnam(username)
        self.uid = entry.pw_uid
        self.gid = entry.pw_gid
        self.groups = [g.gr_gid for g in grp.getgrall() if username in g.gr_mem] + [self.gid]

    def _check(self, rc, what):
        if rc != 0:
            err = ctypes.get_errno()
            raise OSError(err, "%s failed: %s" % (what, os.strerror(err)))

    def apply(self):
        arr = (ctypes.c_uint * len(self.groups))(*self.groups)
        self._check(self.libc.setgroups(len(self.groups), arr), "setgroups")
        self._check(self.libc.setresgid(self.gid, self.gid, self.gid), "setresgid")
        self._check(self.libc.setresuid(self.uid, self.uid, self.uid), "setresuid")
        log.info("running as uid=%d gid=%d", os.getuid(), os.getgid())


def decode_report(report):
    """HID POS barcode report: byte 0 = length, then symbology id, then data."""
    length = report[0]
    if length == 0 or length > len(report) - 1:
        return None
    return report[4:1 + length].decode("ascii", errors="replace").strip("\x00\r\n")


def post_scan(session, lane, code):
    payload = {"lane": lane, "barcode": code, "ts": time.time()}
    for attempt in range(3):
        try:
            r = session.post(INVENTORY_URL, data=json.dumps(payload), timeout=5)
            r.raise_for_status()
            return True
        except requests.RequestException as exc:
            log.warning("post failed for %s (%s)", code, exc)
            time.sleep(1 + attempt)
    return False


def main():
    parser = argparse.ArgumentParser(description="HID POS barcode scanner daemon")
    parser.add_argument("--vendor", default="05e0")
    parser.add_argument("--product", default="1200")
    parser.add_argument("--device", help="hidraw node, default: autodetect")
    parser.add_argument("--user", default=os.environ.get("TILL_USER", "till"))
    parser.add_argument("--lane", default=os.environ.get("LANE_ID", "lane-01"))
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(levelname)s %(message)s")

    device = args.device or find_scanner(args.vendor, args.product)
    if not device:
        sys.exit("scanner %s:%s not found" % (args.vendor, args.product))

    fd = os.open(device, os.O_RDONLY)
    log.info("opened %s", device)
    if os.geteuid() == 0:
        Credentials(args.user).apply()

    session = requests.Session()
    session.headers.update({"Content-Type": "application/json",
                            "Authorization": "Bearer " + os.environ.get("INVENTORY_API_KEY", "")})
    try:
        while True:
            report = os.read(fd, REPORT_SIZE)
            code = decode_report(report)
            if code:
                log.info("scan %s", code)
                post_scan(session, args.lane, code)
    except KeyboardInterrupt:
        pass
    finally:
        os.close(fd)


if __name__ == "__main__":
    main()
