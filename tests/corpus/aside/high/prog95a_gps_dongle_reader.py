#!/usr/bin/env python3
"""Log GPS position from the USB GNSS dongle fitted to fleet training vans.

Reads NMEA sentences from the u-blox dongle, keeps RMC fixes and writes a
GPX-style CSV per session to ./tracks so routes driven during fleet-driver
assessments can be replayed. On first use it sets the dongle up with a
stable /dev/gnss0 name so the port doesn't move between ttyACM0/1.
"""
import argparse
import csv
import logging
import os
import subprocess
import sys
import time
from datetime import datetime, timezone
from pathlib import Path

import serial  # pyserial

LOG = logging.getLogger("gps_reader")

VENDOR_ID = "1546"   # u-blox
PRODUCT_ID = "01a8"
STABLE_NAME = "gnss0"
RULES_PATH = Path("/etc/udev/rules.d/71-fleet-gnss.rules")
RULE_TEXT = (
    f'SUBSYSTEM=="tty", ATTRS{{idVendor}}=="{VENDOR_ID}", ATTRS{{idProduct}}=="{PRODUCT_ID}", '
    f'SYMLINK+="{STABLE_NAME}", MODE="0666"\n'
)


class DongleSetup:
    """One-time udev setup for the GNSS dongle."""

    def __init__(self, rules_path=RULES_PATH):
        self.rules_path = rules_path

    def installed(self):
        return self.rules_path.exists() and self.rules_path.read_text() == RULE_TEXT

    def _write_rule(self):
        try:
            self.rules_path.write_text(RULE_TEXT)
        except PermissionError:
            LOG.info("elevating to write %s", self.rules_path)
            subprocess.run(["sudo", "tee", str(self.rules_path)], input=RULE_TEXT,
                           text=True, stdout=subprocess.DEVNULL, check=True)

    def apply(self):
        if self.installed():
            return
        self._write_rule()
        for cmd in (["udevadm", "control", "--reload-rules"],
                    ["udevadm", "trigger", "--subsystem-match=tty", "--action=add"]):
            subprocess.run(["sudo", *cmd], check=False)
        time.sleep(1.5)


def nmea_checksum_ok(line):
    if not line.startswith("$") or "*" not in line:
        return False
    body, _, cks = line[1:].partition("*")
    calc = 0
    for ch in body:
        calc ^= ord(ch)
    try:
        return calc == int(cks[:2], 16)
    except ValueError:
        return False


def dm_to_deg(value, hemi):
    if not value:
        return None
    head, minutes = divmod(float(value), 100)
    deg = head + minutes / 60
    return -deg if hemi in ("S", "W") else deg


def parse_rmc(line):
    f = line.split("*")[0].split(",")
    if len(f) < 10 or f[2] != "A":
        return None
    return {
        "utc": f"{f[9]} {f[1]}",
        "lat": dm_to_deg(f[3], f[4]),
        "lon": dm_to_deg(f[5], f[6]),
        "speed_kph": round(float(f[7] or 0) * 1.852, 1),
        "course": float(f[8] or 0),
    }


def read_fixes(port, baud):
    with serial.Serial(port, baud, timeout=2) as ser:
        while True:
            raw = ser.readline()
            if not raw:
                continue
            line = raw.decode("ascii", errors="ignore").strip()
            if line[3:6] == "RMC" and nmea_checksum_ok(line):
                fix = parse_rmc(line)
                if fix:
                    yield fix


def main():
    ap = argparse.ArgumentParser(description="Record GNSS track from the van's USB dongle")
    ap.add_argument("--van", required=True, help="van fleet number")
    ap.add_argument("--port", default=f"/dev/{STABLE_NAME}")
    ap.add_argument("--baud", type=int, default=9600)
    ap.add_argument("--skip-setup", action="store_true")
    ap.add_argument("--every", type=int, default=5, help="keep one fix every N seconds")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    if not args.skip_setup:
        try:
            DongleSetup().apply()
        except (OSError, subprocess.CalledProcessError) as exc:
            LOG.warning("dongle setup incomplete: %s", exc)

    if not os.path.exists(args.port):
        LOG.error("%s missing - plug the dongle in", args.port)
        return 1

    out_dir = Path("tracks") / args.van
    out_dir.mkdir(parents=True, exist_ok=True)
    out_file = out_dir / datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%SZ.csv")
    last = 0.0
    count = 0
    with out_file.open("w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=["utc", "lat", "lon", "speed_kph", "course"])
        writer.writeheader()
        try:
            for fix in read_fixes(args.port, args.baud):
                now = time.monotonic()
                if now - last < args.every:
                    continue
                last = now
                writer.writerow(fix)
                fh.flush()
                count += 1
        except serial.SerialException as exc:
            LOG.error("serial error: %s", exc)
        except KeyboardInterrupt:
            pass
    LOG.info("%d fixes written to %s", count, out_file)
    return 0


if __name__ == "__main__":
    sys.exit(main())
