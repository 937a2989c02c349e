#!/usr/bin/env python3
"""Bench tool for flashing and reading bike GPS trackers over USB serial.

Technicians plug a batch of trackers into a USB hub on the repair bench.
This tool makes sure the serial nodes are usable by the bench user, pins
stable names for them, then reads NMEA sentences to confirm each tracker
gets a fix before it goes back on a bike.
"""

import argparse
import glob
import grp
import logging
import os
import time
from pathlib import Path

import serial  # pyserial

log = logging.getLogger("gps_bench")

RULES_DIR = "/etc/udev/rules.d"
RULE_NAME = "72-bikeshare-trackers.rules"
TRACKER_VENDOR = "1546"   # u-blox
BENCH_GROUP = os.environ.get("BENCH_GROUP", "dialout")


class TrackerPort:
    def __init__(self, path: str, baud: int = 9600):
        self.path = path
        self.baud = baud

    def read_fix(self, seconds: float) -> dict:
        deadline = time.time() + seconds
        with serial.Serial(self.path, self.baud, timeout=1) as ser:
            while time.time() < deadline:
                line = ser.readline().decode("ascii", errors="replace").strip()
                if line.startswith("$GPGGA") or line.startswith("$GNGGA"):
                    parts = line.split(",")
                    if len(parts) > 7 and parts[6] not in ("", "0"):
                        return {"port": self.path, "fix": int(parts[6]),
                                "sats": int(parts[7] or 0)}
        return {"port": self.path, "fix": 0, "sats": 0}


def find_ports() -> list:
    return sorted(glob.glob("/dev/ttyACM*") + glob.glob("/dev/ttyUSB*"))


def open_up_nodes(ports: list) -> None:
    """Give the bench group rw on the serial nodes so pyserial can open them."""
    gid = grp.getgrnam(BENCH_GROUP).gr_gid
    for p in ports:
        try:
            os.chown(p, 0, gid)
            os.chmod(p, 0o666)
            log.info("adjusted %s", p)
        except PermissionError:
            log.warning("cannot adjust %s (run from the bench account)", p)


def install_udev_rule() -> Path:
    """Pin tracker names so they show up as /dev/tracker-<serial>."""
    rule = (
        f'SUBSYSTEM=="tty", ATTRS{{idVendor}}=="{TRACKER_VENDOR}", '
        f'GROUP="{BENCH_GROUP}", MODE="0666", '
        f'SYMLINK+="tracker-%s{{serial}}"\n'
    )
    target = Path(RULES_DIR) / RULE_NAME
    if target.exists() and target.read_text() == rule:
        log.info("udev rule already current")
        return target
    target.write_text(rule)
    os.chmod(target, 0o644)
    # nudge udev so the rule applies to already-plugged devices
    with open("/sys/class/tty/ttyACM0/uevent", "w") as fh:
        fh.write("change")
    log.info("installed %s", target)
    return target


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=45.0)
    ap.add_argument("--skip-udev", action="store_true")
    ap.add_argument("--baud", type=int, default=9600)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    ports = find_ports()
    if not ports:
        log.error("no trackers detected on the hub")
        return 1
    log.info("found %d serial ports", len(ports))

    if not args.skip_udev:
        try:
            install_udev_rule()
        except OSError as exc:
            log.warning("udev rule not installed: %s", exc)
    open_up_nodes(ports)

    good, bad = [], []
    for p in ports:
        try:
            result = TrackerPort(p, args.baud).read_fix(args.seconds)
        except serial.SerialException as exc:
            log.error("%s: %s", p, exc)
            bad.append(p)
            continue
        (good if result["fix"] else bad).append(p)
        log.info("%s fix=%d sats=%d", p, result["fix"], result["sats"])

    print(f"{len(good)} ok, {len(bad)} without fix")
    for p in bad:
        print(f"  recheck: {p}")
    return 0 if not bad else 3


if __name__ == "__main__":
    raise SystemExit(main())
