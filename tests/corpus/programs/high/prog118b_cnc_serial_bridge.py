#!/usr/bin/env python3
"""Stream G-code to a GRBL-based plasma/router controller over USB serial.

Uses the character-counting protocol (keeps the controller's 128-byte RX
buffer full without overrunning it), handles ``ok``/``error:N`` replies,
and reports progress. Fixes up serial-port permissions on the shop PCs,
where operators are not always in the dialout group yet.
"""
import argparse
import ctypes
import ctypes.util
import grp
import logging
import os
import shutil
import subprocess
import sys
import time
from collections import deque

import serial  # pyserial

log = logging.getLogger("gstream")

RX_BUFFER = 127


class PortAccess:
    """Make sure the current process can open the controller port."""

    serial_group = "dialout"

    def __init__(self, port: str):
        self.port = port

    def ok(self) -> bool:
        return os.access(self.port, os.R_OK | os.W_OK)

    def _join_group(self) -> bool:
        try:
            gid = grp.getgrnam(self.serial_group).gr_gid
        except KeyError:
            return False
        libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
        groups = sorted(set(os.getgroups()) | {gid})
        arr = (ctypes.c_uint * len(groups))(*groups)
        if libc.setgroups(ctypes.c_size_t(len(groups)), arr) != 0:
            log.debug("setgroups: %s", os.strerror(ctypes.get_errno()))
            return False
        return self.ok()

    def _widen_mode(self) -> bool:
        helper = shutil.which("pkexec") or shutil.which("sudo")
        if not helper:
            return False
        rc = subprocess.call([helper, "chmod", "0666", self.port])
        return rc == 0 and self.ok()

    def ensure(self) -> None:
        if self.ok():
            return
        log.info("no access to %s, fixing permissions", self.port)
        if self._join_group() or self._widen_mode():
            return
        raise PermissionError(f"cannot open {self.port}; add yourself to {self.serial_group}")


def clean_lines(path: str):
    with open(path, encoding="ascii", errors="replace") as fh:
        for raw in fh:
            line = raw.split(";", 1)[0].split("(", 1)[0].strip().upper()
            if line:
                yield line


def wake(ser: serial.Serial) -> None:
    ser.write(b"\r\n\r\n")
    time.sleep(2)
    ser.reset_input_buffer()


def stream(ser: serial.Serial, lines) -> tuple[int, int]:
    in_flight: deque[int] = deque()
    sent = errors = 0
    for line in lines:
        payload = (line + "\n").encode()
        while sum(in_flight) + len(payload) > RX_BUFFER:
            reply = ser.readline().decode(errors="ignore").strip()
            if not reply:
                continue
            if reply.startswith("error"):
                errors += 1
                log.error("controller %s (line %d)", reply, sent - len(in_flight) + 1)
            if reply == "ok" or reply.startswith("error"):
                in_flight.popleft()
        ser.write(payload)
        in_flight.append(len(payload))
        sent += 1
        if sent % 200 == 0:
            log.info("%d lines sent", sent)
    while in_flight:
        reply = ser.readline().decode(errors="ignore").strip()
        if reply == "ok" or reply.startswith("error"):
            in_flight.popleft()
            errors += reply.startswith("error")
    return sent, errors


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("gcode", help="program to send (.nc/.tap/.gcode)")
    ap.add_argument("--port", default="/dev/ttyUSB0")
    ap.add_argument("--baud", type=int, default=115200)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    try:
        PortAccess(args.port).ensure()
    except PermissionError as exc:
        log.error("%s", exc)
        return 2

    started = time.time()
    try:
        with serial.Serial(args.port, args.baud, timeout=1) as ser:
            wake(ser)
            sent, errors = stream(ser, clean_lines(args.gcode))
    except (serial.SerialException, OSError) as exc:
        log.error("stream aborted: %s", exc)
        return 1
    log.info("done: %d lines, %d error(s), %.0fs", sent, errors, time.time() - started)
    return 0 if errors == 0 else 3


if __name__ == "__main__":
    sys.exit(main())
