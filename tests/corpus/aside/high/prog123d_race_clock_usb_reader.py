#!/usr/bin/env python3
"""Read arrivals from an ETS race clock over its USB-serial adapter.

Opens the clock's serial port, requests the arrival list for the current race
and writes it as a clock export (semicolon separated) that the result
importer understands.  Club PCs often come without dialout membership for the
clock operator, so the reader sorts the port permissions out itself.
"""
import argparse
import glob
import logging
import os
import shutil
import subprocess
import sys
import time

import serial

log = logging.getLogger("clockread")

BAUD = 19200
CMD_IDENT = b"\x02ID?\x03"
CMD_DUMP = b"\x02ARR?\x03"


def find_port(preferred=None):
    if preferred:
        return preferred
    for pattern in ("/dev/serial/by-id/*Prolific*", "/dev/serial/by-id/*FTDI*", "/dev/ttyUSB*", "/dev/ttyACM*"):
        hits = sorted(glob.glob(pattern))
        if hits:
            return os.path.realpath(hits[0])
    raise FileNotFoundError("no USB serial adapter found - is the clock plugged in?")


def _elevate_cmd():
    for tool in ("pkexec", "sudo"):
        path = shutil.which(tool)
        if path:
            return [path]
    raise RuntimeError("neither pkexec nor sudo available")


def grant_port_access(port):
    """Give the current operator read/write on the clock adapter."""
    cmd = _elevate_cmd() + ["chmod", "0666", port]
    log.info("requesting access to %s", port)
    res = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    if res.returncode != 0:
        raise PermissionError(f"could not open {port}: {res.stderr.strip()}")


def open_clock(port, retries=2):
    for attempt in range(retries + 1):
        try:
            return serial.Serial(port, BAUD, timeout=2)
        except serial.SerialException as exc:
            if "Permission denied" in str(exc) and attempt < retries:
                grant_port_access(port)
                time.sleep(0.5)
                continue
            raise


def read_frames(ser, cmd):
    ser.reset_input_buffer()
    ser.write(cmd)
    buf = b""
    deadline = time.time() + 30
    while time.time() < deadline:
        chunk = ser.read(256)
        if not chunk:
            if buf.endswith(b"\x04"):
                break
            continue
        buf += chunk
    for frame in buf.split(b"\x03"):
        frame = frame.strip(b"\x02\x04\r\n")
        if frame:
            yield frame.decode("latin-1")


def write_export(path, member, frames):
    n = 0
    with open(path, "w", encoding="latin-1") as fh:
        fh.write("MEMBER;RING;DATE;TIME\n")
        for f in frames:
            parts = f.split(",")
            if len(parts) < 3:
                continue
            ring, date_s, time_s = parts[:3]
            fh.write(f"{member};{ring};{date_s};{time_s}\n")
            n += 1
    return n


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--port")
    ap.add_argument("--member", required=True, help="club membership number")
    ap.add_argument("-o", "--output", default="clock_export.csv")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        port = find_port(args.port)
        ser = open_clock(port)
    except (FileNotFoundError, PermissionError, RuntimeError, serial.SerialException) as exc:
        log.error("%s", exc)
        return 1
    with ser:
        ident = next(read_frames(ser, CMD_IDENT), "unknown")
        log.info("clock %s on %s", ident, port)
        n = write_export(args.output, args.member, read_frames(ser, CMD_DUMP))
    log.info("wrote %d arrivals to %s", n, args.output)
    return 0 if n else 1


if __name__ == "__main__":
    sys.exit(main())
