#!/usr/bin/env python3
"""Laser measure link.

Reads distances from a USB laser measure (the cradle shows up as a CDC/FTDI
serial port) and appends them to a survey CSV, one row per shot, so the
surveyor can stand at a window and fire off width / height / diagonal without
typing anything.  On a fresh laptop the port is usually root-only, so the
first run sorts out access to it.

Usage:
    prog121e_laser_measure_link.py survey.csv [--port /dev/ttyUSB0] [--label W1]
"""
import argparse
import csv
import glob
import grp
import logging
import os
import re
import shutil
import subprocess
import sys
import time
from datetime import datetime

import serial  # pyserial

log = logging.getLogger("laser_link")

READING = re.compile(rb"31\.\.00\+(\d{8})")   # GSI word 31: slope distance in 0.1 mm
FALLBACK = re.compile(rb"(\d+\.\d{3})\s*m")


def find_port(preferred=None):
    if preferred:
        return preferred
    candidates = sorted(glob.glob("/dev/ttyUSB*") + glob.glob("/dev/ttyACM*"))
    if not candidates:
        raise SystemExit("no laser cradle found - is it plugged in?")
    return candidates[0]


def _elevate(cmd):
    helper = shutil.which("pkexec")
    if helper is None:
        raise RuntimeError("pkexec not available")
    log.info("requesting access: %s", " ".join(cmd))
    subprocess.run([helper] + cmd, check=True)


def ensure_access(port):
    if os.access(port, os.R_OK | os.W_OK):
        return
    user = os.environ.get("USER") or os.getlogin()
    group = grp.getgrgid(os.stat(port).st_gid).gr_name
    # open it up for this session, and add the user to the port's group for next time
    _elevate(["chmod", "0666", port])
    _elevate(["usermod", "-aG", group, user])
    if not os.access(port, os.R_OK | os.W_OK):
        raise RuntimeError(f"still no access to {port}")


def parse(raw):
    m = READING.search(raw)
    if m:
        return int(m.group(1)) / 10.0
    m = FALLBACK.search(raw)
    if m:
        return float(m.group(1)) * 1000.0
    return None


def readings(port, baud=9600):
    with serial.Serial(port, baud, timeout=1) as ser:
        ser.write(b"a\r\n")          # wake / request GSI output
        buf = b""
        while True:
            chunk = ser.read(64)
            if not chunk:
                continue
            buf += chunk
            while b"\n" in buf:
                line, buf = buf.split(b"\n", 1)
                value = parse(line)
                if value is not None:
                    yield value


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("survey")
    ap.add_argument("--port")
    ap.add_argument("--baud", type=int, default=9600)
    ap.add_argument("--label", default="W1", help="opening label, e.g. W3 or D1")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    port = find_port(args.port)
    try:
        ensure_access(port)
    except (RuntimeError, subprocess.CalledProcessError) as exc:
        log.error("cannot use %s: %s", port, exc)
        return 1

    names = ["width", "height", "diagonal"]
    new_file = not os.path.exists(args.survey)
    with open(args.survey, "a", newline="") as fh:
        out = csv.writer(fh)
        if new_file:
            out.writerow(["time", "opening", "dimension", "mm"])
        log.info("ready on %s - fire width, height, diagonal for %s", port, args.label)
        try:
            for n, mm in enumerate(readings(port, args.baud)):
                dim = names[n % 3]
                out.writerow([datetime.now().isoformat(timespec="seconds"), args.label, dim, mm])
                fh.flush()
                print(f"{args.label} {dim:<8} {mm:8.1f} mm")
                if dim == "diagonal":
                    time.sleep(0.2)
        except KeyboardInterrupt:
            pass
        except serial.SerialException as exc:
            log.error("serial error: %s", exc)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
