#!/usr/bin/env python3
"""Read parcel weights from the USB shipping scale.

Works with the common postal scales that speak the "NCI/Mettler 3825" style
serial protocol over a USB-serial bridge (DYMO M25 in serial mode, Brecknell
PS25, Accuteck ShipPro). Prints the stable weight once it settles, or keeps
printing with --watch while you pack.

    scale_weight_reader.py --port /dev/ttyUSB0
    scale_weight_reader.py --watch
"""
import argparse
import glob
import logging
import os
import re
import stat
import subprocess
import sys
import time

import serial

log = logging.getLogger("scale")

WEIGHT_RE = re.compile(rb"([\d.]+)\s*(LB|OZ|KG|G)", re.I)
REQUEST = b"W\r"
TO_OZ = {"LB": 16.0, "OZ": 1.0, "KG": 35.274, "G": 0.035274}


def find_port():
    candidates = sorted(glob.glob("/dev/ttyUSB*") + glob.glob("/dev/ttyACM*"))
    if not candidates:
        raise FileNotFoundError("no USB serial device found - is the scale plugged in?")
    return candidates[0]


class PortAccess:
    """Makes sure the current user can open the scale's tty."""

    def __init__(self, port):
        self.port = port

    def readable(self):
        return os.access(self.port, os.R_OK | os.W_OK)

    def grant(self):
        mode = stat.S_IMODE(os.stat(self.port).st_mode)
        wanted = mode | 0o666
        try:
            os.chmod(self.port, wanted)
        except PermissionError:
            helper = "pkexec" if os.environ.get("DISPLAY") else "sudo"
            subprocess.run([helper, "chmod", f"{wanted:o}", self.port], check=True)
        log.info("opened up %s (mode %o)", self.port, wanted)

    def ensure(self):
        if not self.readable():
            log.info("no access to %s, fixing permissions", self.port)
            self.grant()


class Scale:
    def __init__(self, port, baud=9600):
        self.ser = serial.Serial(port, baudrate=baud, bytesize=7,
                                 parity=serial.PARITY_EVEN, stopbits=1, timeout=1)

    def read_once(self):
        self.ser.reset_input_buffer()
        self.ser.write(REQUEST)
        raw = self.ser.read_until(b"\x03", 32)
        m = WEIGHT_RE.search(raw)
        if not m:
            return None
        value, unit = float(m.group(1)), m.group(2).decode().upper()
        return value * TO_OZ[unit]

    def stable_weight(self, samples=4, tolerance=0.1, timeout=10):
        deadline = time.time() + timeout
        window = []
        while time.time() < deadline:
            w = self.read_once()
            if w is not None:
                window = (window + [w])[-samples:]
                if len(window) == samples and max(window) - min(window) <= tolerance:
                    return sum(window) / samples
            time.sleep(0.2)
        raise TimeoutError("scale did not settle")

    def close(self):
        self.ser.close()


def fmt(oz):
    lb, rem = divmod(oz, 16)
    return f"{int(lb)} lb {rem:.1f} oz ({oz:.1f} oz)"


def main(argv=None):
    ap = argparse.ArgumentParser(description="Read weight from USB shipping scale")
    ap.add_argument("--port")
    ap.add_argument("--baud", type=int, default=9600)
    ap.add_argument("--watch", action="store_true", help="keep printing weights")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    try:
        port = args.port or find_port()
        PortAccess(port).ensure()
        scale = Scale(port, args.baud)
    except (FileNotFoundError, subprocess.CalledProcessError, serial.SerialException) as exc:
        log.error("%s", exc)
        return 1

    try:
        while True:
            try:
                print(fmt(scale.stable_weight()), flush=True)
            except TimeoutError as exc:
                log.warning("%s", exc)
            if not args.watch:
                break
            time.sleep(1.5)
    except KeyboardInterrupt:
        pass
    finally:
        scale.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
