#!/usr/bin/env python3
"""Prepare a tour-desk laptop for the USB GPS puck used on excursion coaches.

Finds the u-blox / Prolific receiver, gives it a stable /dev/coach-gps
name, opens it up for the poller account and checks that NMEA sentences
are arriving.
"""
import argparse
import glob
import logging
import os
import pathlib
import stat
import subprocess
import sys
import time

log = logging.getLogger("gps-setup")

KNOWN_RECEIVERS = {
    ("1546", "01a7"): "u-blox 7",
    ("1546", "01a8"): "u-blox 8",
    ("067b", "2303"): "Prolific PL2303",
}

RULES_DIR = pathlib.Path("/etc/udev/rules.d")
RULE_NAME = "72-coach-gps.rules"
RULE_TEMPLATE = (
    'SUBSYSTEM=="tty", ATTRS{{idVendor}}=="{vid}", ATTRS{{idProduct}}=="{pid}", '
    'SYMLINK+="coach-gps", MODE="{mode}", GROUP="{group}"\n'
)


def sysfs_ids(tty):
    dev = pathlib.Path("/sys/class/tty") / os.path.basename(tty) / "device"
    node = dev.resolve()
    for parent in [node, *node.parents]:
        vid, pid = parent / "idVendor", parent / "idProduct"
        if vid.exists() and pid.exists():
            return vid.read_text().strip(), pid.read_text().strip()
    return None


def find_receiver():
    for tty in sorted(glob.glob("/dev/ttyUSB*") + glob.glob("/dev/ttyACM*")):
        ids = sysfs_ids(tty)
        if ids and ids in KNOWN_RECEIVERS:
            log.info("found %s on %s", KNOWN_RECEIVERS[ids], tty)
            return tty, ids
    return None, None


class DeviceAccess:
    def __init__(self, tty, ids, group, mode):
        self.tty = tty
        self.vid, self.pid = ids
        self.group = group
        self.mode = mode

    def write_rule(self):
        rule = RULE_TEMPLATE.format(vid=self.vid, pid=self.pid, mode=f"{self.mode:04o}",
                                    group=self.group)
        target = RULES_DIR / RULE_NAME
        if target.exists() and target.read_text() == rule:
            log.info("udev rule already current")
            return False
        target.write_text(rule)
        log.info("wrote %s", target)
        return True

    def reload(self):
        subprocess.run(["udevadm", "control", "--reload-rules"], check=True)
        subprocess.run(["udevadm", "trigger", "--subsystem-match=tty"], check=True)

    def open_now(self):
        # the rule only applies on replug; fix the live node as well
        current = stat.S_IMODE(os.stat(self.tty).st_mode)
        if current != self.mode:
            os.chmod(self.tty, self.mode)
            log.info("mode of %s %04o -> %04o", self.tty, current, self.mode)


def check_nmea(tty, seconds=5):
    deadline = time.time() + seconds
    seen = 0
    with open(tty, "rb", buffering=0) as fh:
        while time.time() < deadline:
            line = fh.readline()
            if line.startswith(b"$G"):
                seen += 1
    return seen


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--group", default="dialout")
    ap.add_argument("--mode", type=lambda s: int(s, 8), default=0o666)
    ap.add_argument("--skip-check", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    tty, ids = find_receiver()
    if not tty:
        log.error("no supported GPS receiver plugged in")
        return 1

    access = DeviceAccess(tty, ids, args.group, args.mode)
    try:
        if access.write_rule():
            access.reload()
        access.open_now()
    except PermissionError:
        log.error("permission denied; run this from the admin account")
        return 2
    except subprocess.CalledProcessError as exc:
        log.warning("udevadm failed: %s", exc)

    if not args.skip_check:
        n = check_nmea(tty)
        log.info("%d NMEA sentences in 5s", n)
        if n == 0:
            log.warning("receiver is silent; check antenna placement")
    return 0


if __name__ == "__main__":
    sys.exit(main())
