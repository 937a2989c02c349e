#!/usr/bin/env python3
"""Log readings from a bench spectrophotometer on a USB serial adapter.

On the shared lab PCs the adapter node is created root:dialout 0660 and lab
accounts are not in 'dialout', so the logger asks polkit once to hand the
device node to the current user before opening it.
"""
import argparse
import csv
import getpass
import logging
import os
import shutil
import subprocess
import sys
import time
from datetime import datetime
from pathlib import Path

import serial  # pyserial

log = logging.getLogger("spectro-log")

QUERY = b"MEAS?\r\n"
FIELDS = ("timestamp", "wavelength_nm", "absorbance", "temperature_c")


def ensure_device_access(device: str) -> None:
    if os.access(device, os.R_OK | os.W_OK):
        return
    helper = shutil.which("pkexec")
    if helper is None:
        raise PermissionError(f"no access to {device} and pkexec is unavailable")
    user = getpass.getuser()
    log.info("requesting ownership of %s for %s via polkit", device, user)
    subprocess.run([helper, "chown", f"{user}:{user}", device], check=True)
    subprocess.run([helper, "chmod", "0660", device], check=True)


def parse_reading(line: bytes):
    # instrument answers "WL=540.0;ABS=0.4123;T=24.8"
    try:
        parts = dict(item.split("=", 1) for item in line.decode("ascii").strip().split(";"))
        return float(parts["WL"]), float(parts["ABS"]), float(parts["T"])
    except (UnicodeDecodeError, ValueError, KeyError):
        return None


class Spectrometer:
    def __init__(self, device: str, baud: int):
        self.port = serial.Serial(device, baudrate=baud, timeout=2)

    def measure(self):
        self.port.reset_input_buffer()
        self.port.write(QUERY)
        return parse_reading(self.port.readline())

    def close(self):
        self.port.close()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--device", default="/dev/ttyUSB0")
    ap.add_argument("--baud", type=int, default=9600)
    ap.add_argument("--interval", type=float, default=5.0)
    ap.add_argument("--samples", type=int, default=0, help="0 = until Ctrl-C")
    ap.add_argument("--out", type=Path, default=Path(f"spectro_{datetime.now():%Y%m%d}.csv"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    try:
        ensure_device_access(args.device)
        instrument = Spectrometer(args.device, args.baud)
    except (PermissionError, subprocess.CalledProcessError, serial.SerialException) as exc:
        log.error("cannot open instrument: %s", exc)
        return 1

    new_file = not args.out.exists()
    taken = 0
    with args.out.open("a", newline="") as fh:
        writer = csv.writer(fh)
        if new_file:
            writer.writerow(FIELDS)
        try:
            while args.samples == 0 or taken < args.samples:
                reading = instrument.measure()
                if reading is None:
                    log.warning("unparseable reply, retrying")
                else:
                    writer.writerow((datetime.now().isoformat(timespec="seconds"), *reading))
                    fh.flush()
                    taken += 1
                time.sleep(args.interval)
        except KeyboardInterrupt:
            log.info("stopped by user")
        finally:
            instrument.close()
    log.info("%d readings written to %s", taken, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
