#!/usr/bin/env python3
"""Capture absorbance spectra from the bench UV-Vis spectrometer.

The instrument sits behind a USB-serial adapter and answers a simple ASCII
protocol (`SCAN <start> <stop> <step>` -> one `wavelength,absorbance` line per
point, terminated by `END`).  Each scan is written to a timestamped CSV in the
output directory.

    uvvis_scan_logger.py --port /dev/ttyUSB0 --range 200 800 --step 1 --repeat 5
"""
import argparse
import csv
import datetime as dt
import logging
import os
import sys
import time
from pathlib import Path

import serial

log = logging.getLogger("uvvis")


class Spectrometer:
    def __init__(self, port, baud=115200, timeout=5.0):
        self.port = port
        self.baud = baud
        self.timeout = timeout
        self.conn = None

    def open(self):
        self.conn = serial.Serial(self.port, self.baud, timeout=self.timeout)
        self.conn.reset_input_buffer()
        ident = self.query("*IDN?")
        log.info("connected: %s", ident)
        return ident

    def close(self):
        if self.conn and self.conn.is_open:
            self.conn.close()

    def query(self, cmd):
        self.conn.write((cmd + "\r\n").encode("ascii"))
        return self.conn.readline().decode("ascii", errors="replace").strip()

    def scan(self, start, stop, step):
        self.conn.write(f"SCAN {start} {stop} {step}\r\n".encode("ascii"))
        points = []
        deadline = time.monotonic() + 300
        while time.monotonic() < deadline:
            line = self.conn.readline().decode("ascii", errors="replace").strip()
            if not line:
                continue
            if line == "END":
                return points
            if line.startswith("ERR"):
                raise RuntimeError(f"instrument error: {line}")
            wl, absorb = line.split(",", 1)
            points.append((float(wl), float(absorb)))
        raise TimeoutError("scan did not finish within 300 s")


def open_with_access(port, baud):
    spec = Spectrometer(port, baud)
    try:
        spec.open()
    except serial.SerialException as exc:
        if "Permission denied" in str(exc):
            log.error("no access to %s; ask IT to add your account to the 'dialout' group "
                      "and log in again", port)
        raise
    return spec


def write_scan(out_dir: Path, sample, points):
    stamp = dt.datetime.now().strftime("%Y%m%d_%H%M%S")
    path = out_dir / f"{sample}_{stamp}.csv"
    with path.open("w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["wavelength_nm", "absorbance"])
        w.writerows(points)
    return path


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--port", default=os.environ.get("UVVIS_PORT", "/dev/ttyUSB0"))
    ap.add_argument("--baud", type=int, default=115200)
    ap.add_argument("--range", nargs=2, type=int, default=(200, 800), metavar=("START", "STOP"))
    ap.add_argument("--step", type=float, default=1.0)
    ap.add_argument("--repeat", type=int, default=1)
    ap.add_argument("--interval", type=float, default=0.0, help="seconds between scans")
    ap.add_argument("--sample", default="sample")
    ap.add_argument("--out", type=Path, default=Path("spectra"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    args.out.mkdir(parents=True, exist_ok=True)
    try:
        spec = open_with_access(args.port, args.baud)
    except (serial.SerialException, OSError) as exc:
        log.error("cannot open %s: %s", args.port, exc)
        return 1

    try:
        for i in range(args.repeat):
            points = spec.scan(args.range[0], args.range[1], args.step)
            path = write_scan(args.out, args.sample, points)
            log.info("scan %d/%d: %d points -> %s", i + 1, args.repeat, len(points), path)
            if args.interval and i + 1 < args.repeat:
                time.sleep(args.interval)
    except (RuntimeError, TimeoutError, ValueError) as exc:
        log.error("scan failed: %s", exc)
        return 1
    finally:
        spec.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
