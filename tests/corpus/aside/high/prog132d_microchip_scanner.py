#!/usr/bin/env python3
"""
microchip_scanner.py - look horses up in the passport register by microchip.

Reads ISO 11784/11785 FDX-B transponder numbers from a handheld RFID reader
in serial/"keyboard off" mode and shows the matching passport entry from
passports.sqlite.  Every scan is appended to scans.csv for the movement book.

The readers we use (Agrident AWR, Datamars) send lines like

    985 141000123456

or a 15-digit run without the space.
"""

import argparse
import csv
import datetime as dt
import getpass
import glob
import logging
import os
import re
import sqlite3
import subprocess
import sys
from pathlib import Path

import serial  # pyserial

log = logging.getLogger("chip-scanner")

CHIP_RE = re.compile(r"(\d{3})\s?(\d{12})")


class PortAccess:
    """Gets the reader's serial port usable by the stable-office account."""

    def __init__(self, device):
        self.device = device

    def ensure(self):
        if os.access(self.device, os.R_OK | os.W_OK):
            return True
        user = getpass.getuser()
        log.info("%s not accessible for %s, requesting access", self.device, user)
        cmd = ["pkexec", "setfacl", "-m", f"u:{user}:rw", self.device]
        try:
            subprocess.run(cmd, check=True, timeout=120)
        except (subprocess.CalledProcessError, FileNotFoundError,
                subprocess.TimeoutExpired) as exc:
            log.error("could not get access to %s: %s", self.device, exc)
            return False
        return os.access(self.device, os.R_OK | os.W_OK)


def find_reader(explicit=None):
    if explicit:
        return explicit
    for pattern in ("/dev/serial/by-id/*Agrident*", "/dev/serial/by-id/*Datamars*",
                    "/dev/ttyUSB*", "/dev/ttyACM*"):
        hits = sorted(glob.glob(pattern))
        if hits:
            return os.path.realpath(hits[0])
    return None


def lookup(conn, chip):
    cur = conn.execute(
        "SELECT name, ueln, sex, foaled, sire, dam FROM passports WHERE microchip = ?",
        (chip,))
    return cur.fetchone()


def record_scan(path: Path, chip, horse, location):
    new = not path.exists()
    with path.open("a", newline="") as fh:
        w = csv.writer(fh)
        if new:
            w.writerow(["timestamp", "microchip", "horse", "location"])
        w.writerow([dt.datetime.now().isoformat(timespec="seconds"), chip,
                    horse or "", location])


def scan_loop(device, baud, db, scans, location):
    conn = sqlite3.connect(db)
    with serial.Serial(device, baud, timeout=1) as ser:
        log.info("reading from %s; scan a horse (Ctrl-C to stop)", device)
        while True:
            raw = ser.readline().decode("ascii", "ignore").strip()
            if not raw:
                continue
            m = CHIP_RE.search(raw)
            if not m:
                log.debug("ignored reader output %r", raw)
                continue
            chip = m.group(1) + m.group(2)
            row = lookup(conn, chip)
            if row:
                name, ueln, sex, foaled, sire, dam = row
                print(f"{chip}  {name}  ({sex}, foaled {foaled})  UELN {ueln}\n"
                      f"            by {sire} out of {dam}")
            else:
                print(f"{chip}  NOT IN REGISTER")
            record_scan(scans, chip, row[0] if row else None, location)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Microchip scanner for the passport register")
    ap.add_argument("--device", help="serial device of the reader")
    ap.add_argument("--baud", type=int, default=9600)
    ap.add_argument("--db", type=Path, default=Path("passports.sqlite"))
    ap.add_argument("--scans", type=Path, default=Path("scans.csv"))
    ap.add_argument("--location", default="main yard")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if not args.db.exists():
        log.error("passport register %s not found", args.db)
        return 1
    device = find_reader(args.device)
    if not device:
        log.error("no RFID reader found; plug it in or pass --device")
        return 1
    if not PortAccess(device).ensure():
        return 1
    try:
        scan_loop(device, args.baud, args.db, args.scans, args.location)
    except KeyboardInterrupt:
        print()
    except serial.SerialException as exc:
        log.error("reader error: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
