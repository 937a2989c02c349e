#!/usr/bin/env python3
"""Prepare the serial link to the hot-lab dose calibrator and log readings.

The calibrator (RS-232 via a USB adapter) shows up as /dev/ttyUSB*.  The
dispensing software runs as the `hotlab` user, so this tool opens up the
device node permissions, configures the line with stty and then records a
few readings to a CSV in the working directory.
"""
import argparse
import csv
import glob
import logging
import os
import subprocess
import sys
import time
from datetime import datetime
from pathlib import Path

LOG = logging.getLogger("calibrator")

SETUP_TEMPLATE = """
set -e
dev="$CAL_DEV"
chgrp "$CAL_GROUP" "$dev"
chmod 0666 "$dev"
stty -F "$dev" "$CAL_BAUD" cs8 -cstopb -parenb -ixon raw -echo
ls -l "$dev"
"""


class Calibrator:
    def __init__(self, device, baud, group):
        self.device = device
        self.baud = baud
        self.group = group

    def prepare(self):
        env = dict(os.environ, CAL_DEV=self.device, CAL_BAUD=str(self.baud), CAL_GROUP=self.group)
        LOG.info("configuring %s (%s baud, group %s)", self.device, self.baud, self.group)
        res = subprocess.run(["bash", "-c", SETUP_TEMPLATE], env=env,
                             capture_output=True, text=True, timeout=30)
        if res.returncode != 0:
            raise RuntimeError(res.stderr.strip() or "device setup failed")
        LOG.info("device node now: %s", res.stdout.strip())

    def read_line(self, fh, timeout=5.0):
        buf = b""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            ch = fh.read(1)
            if not ch:
                time.sleep(0.05)
                continue
            if ch in b"\r\n":
                if buf:
                    return buf.decode("ascii", "replace").strip()
                continue
            buf += ch
        return None

    def readings(self, count, isotope):
        with open(self.device, "rb", buffering=0) as fh:
            LOG.info("reading %d value(s) for %s from %s", count, isotope, self.device)
            for _ in range(count):
                line = self.read_line(fh)
                if line is None:
                    LOG.warning("no reading within timeout")
                    continue
                yield line


def find_device(explicit):
    if explicit:
        return explicit
    candidates = sorted(glob.glob("/dev/ttyUSB*"))
    if not candidates:
        raise FileNotFoundError("no /dev/ttyUSB* device found - is the calibrator cable plugged in?")
    if len(candidates) > 1:
        LOG.warning("several serial adapters present, using %s", candidates[0])
    return candidates[0]


def parse_reading(line):
    # Typical line: "Tc-99m   734.2 MBq"
    parts = line.split()
    try:
        return parts[0], float(parts[1]), parts[2]
    except (IndexError, ValueError):
        return None


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--device")
    ap.add_argument("--baud", type=int, default=9600)
    ap.add_argument("--group", default="hotlab")
    ap.add_argument("--isotope", default="Tc-99m")
    ap.add_argument("--count", type=int, default=5)
    ap.add_argument("--out", type=Path, default=Path("./calibrator_readings.csv"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    try:
        cal = Calibrator(find_device(args.device), args.baud, args.group)
        cal.prepare()
    except (FileNotFoundError, RuntimeError, subprocess.TimeoutExpired) as exc:
        LOG.error("%s", exc)
        return 1

    new_file = not args.out.exists()
    with args.out.open("a", newline="") as fh:
        w = csv.writer(fh)
        if new_file:
            w.writerow(["timestamp", "isotope", "activity", "unit", "raw"])
        for line in cal.readings(args.count, args.isotope):
            parsed = parse_reading(line)
            if parsed is None:
                LOG.warning("unparsed line: %r", line)
                continue
            iso, value, unit = parsed
            w.writerow([datetime.now().isoformat(timespec="seconds"), iso, value, unit, line])
            LOG.info("%s %.1f %s", iso, value, unit)
    os.chmod(args.out, 0o600)
    return 0


if __name__ == "__main__":
    sys.exit(main())
