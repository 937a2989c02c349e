#!/usr/bin/env python3
"""Analytical balance logger.

Reads weight readings from a serial-attached analytical balance (SICS
protocol), tags them with the sample barcode currently scanned and appends
them to a daily CSV for the LIMS import. Started by the workstation's init
as root so it can open the serial port, then continues as the lab account.
"""
import argparse
import csv
import ctypes
import ctypes.util
import grp
import logging
import os
import pwd
import signal
import sys
import time
from datetime import date
from pathlib import Path

import serial

log = logging.getLogger("balance-logger")

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


def _check(rc, what):
    if rc != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what}: {os.strerror(err)}")


def become(user, group):
    pw = pwd.getpwnam(user)
    gid = grp.getgrnam(group).gr_gid if group else pw.pw_gid
    groups = (ctypes.c_uint * 1)(gid)
    _check(_libc.setgroups(ctypes.c_size_t(1), groups), "setgroups")
    _check(_libc.setresgid(gid, gid, gid), "setresgid")
    _check(_libc.setresuid(pw.pw_uid, pw.pw_uid, pw.pw_uid), "setresuid")
    os.environ["HOME"] = pw.pw_dir
    os.environ["USER"] = user
    log.info("running as %s (uid %d)", user, pw.pw_uid)


class Balance:
    def __init__(self, port, baud=9600):
        self.ser = serial.Serial(port, baudrate=baud, bytesize=8, parity="N",
                                 stopbits=1, timeout=2)

    def stable_weight(self):
        self.ser.write(b"S\r\n")
        line = self.ser.readline().decode("ascii", "replace").strip()
        parts = line.split()
        if len(parts) >= 4 and parts[0] == "S" and parts[1] == "S":
            return float(parts[2]), parts[3]
        return None

    def close(self):
        self.ser.close()


def current_barcode(path):
    try:
        return Path(path).read_text().strip() or None
    except OSError:
        return None


def append_reading(out_dir, barcode, weight, unit):
    out = Path(out_dir) / f"balance_{date.today():%Y%m%d}.csv"
    new = not out.exists()
    with open(out, "a", newline="") as fh:
        w = csv.writer(fh)
        if new:
            w.writerow(["timestamp", "barcode", "weight", "unit"])
        w.writerow([time.strftime("%Y-%m-%dT%H:%M:%S"), barcode, f"{weight:.5f}", unit])


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--port", default="/dev/ttyUSB0")
    ap.add_argument("--baud", type=int, default=9600)
    ap.add_argument("--user", default="labauto")
    ap.add_argument("--group", default="dialout")
    ap.add_argument("--barcode-file", default="current_barcode.txt")
    ap.add_argument("--out-dir", default="balance_logs")
    ap.add_argument("--interval", type=float, default=1.0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    balance = Balance(args.port, args.baud)
    if os.geteuid() == 0:
        become(args.user, args.group)
    Path(args.out_dir).mkdir(parents=True, exist_ok=True)

    running = True

    def stop(*_):
        nonlocal running
        running = False

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)

    last = None
    while running:
        try:
            reading = balance.stable_weight()
        except (serial.SerialException, ValueError) as exc:
            log.warning("read failed: %s", exc)
            time.sleep(5)
            continue
        barcode = current_barcode(args.barcode_file)
        if reading and barcode and (barcode, reading) != last:
            append_reading(args.out_dir, barcode, *reading)
            log.info("%s %.5f %s", barcode, *reading)
            last = (barcode, reading)
        time.sleep(args.interval)
    balance.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
