#!/usr/bin/env python3
"""Methane detector serial logger.

Reads the ASCII frames the longwall methane heads emit on an RS-485 line
("$CH4,<head>,<pct>,<status>*CS") and appends them to daily CSV files.
Started from the section PC's init scripts; it opens the serial device
first and then settles into the unprivileged 'gaslog' account.
"""
import argparse
import ctypes
import ctypes.util
import csv
import datetime as dt
import grp
import logging
import os
import pwd
import signal
import sys
import termios
from pathlib import Path

log = logging.getLogger("ch4-daemon")

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
_libc.setresuid.argtypes = [ctypes.c_uint, ctypes.c_uint, ctypes.c_uint]
_libc.setresgid.argtypes = [ctypes.c_uint, ctypes.c_uint, ctypes.c_uint]
_libc.setgroups.argtypes = [ctypes.c_size_t, ctypes.POINTER(ctypes.c_uint)]


class Identity:
    def __init__(self, user):
        pw = pwd.getpwnam(user)
        self.uid, self.gid, self.home = pw.pw_uid, pw.pw_gid, pw.pw_dir
        self.groups = [g.gr_gid for g in grp.getgrall() if user in g.gr_mem]

    def _check(self, rc, what):
        if rc != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{what}: {os.strerror(err)}")

    def assume(self):
        arr = (ctypes.c_uint * len(self.groups))(*self.groups)
        self._check(_libc.setgroups(len(self.groups), arr), "setgroups")
        self._check(_libc.setresgid(self.gid, self.gid, self.gid), "setresgid")
        self._check(_libc.setresuid(self.uid, self.uid, self.uid), "setresuid")
        log.info("running as uid=%d gid=%d", os.getuid(), os.getgid())


def open_line(device, baud=termios.B9600):
    fd = os.open(device, os.O_RDONLY | os.O_NOCTTY)
    attrs = termios.tcgetattr(fd)
    attrs[4] = attrs[5] = baud
    attrs[2] |= termios.CLOCAL | termios.CREAD
    attrs[3] &= ~(termios.ICANON | termios.ECHO)
    termios.tcsetattr(fd, termios.TCSANOW, attrs)
    return os.fdopen(fd, "rb", buffering=0)


def checksum_ok(frame):
    try:
        body, cs = frame[1:].split("*", 1)
    except ValueError:
        return False
    calc = 0
    for ch in body:
        calc ^= ord(ch)
    return f"{calc:02X}" == cs.strip().upper()


def frames(stream):
    buf = b""
    while True:
        chunk = stream.read(64)
        if not chunk:
            continue
        buf += chunk
        while b"\n" in buf:
            line, buf = buf.split(b"\n", 1)
            text = line.decode("ascii", "replace").strip()
            if text.startswith("$CH4") and checksum_ok(text):
                yield text[1:].split("*")[0].split(",")[1:]
            elif text:
                log.debug("dropped frame %r", text)


def append_reading(data_dir, fields):
    now = dt.datetime.now()
    path = Path(data_dir) / f"ch4_{now:%Y%m%d}.csv"
    new = not path.exists()
    with path.open("a", newline="") as fh:
        w = csv.writer(fh)
        if new:
            w.writerow(["timestamp", "head", "ch4_pct", "status"])
        w.writerow([now.isoformat(timespec="seconds"), *fields[:3]])


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--device", default="/dev/ttyUSB0")
    ap.add_argument("--user", default="gaslog")
    ap.add_argument("--data-dir", default="ch4_data")
    ap.add_argument("--trip", type=float, default=1.25, help="CH4 %% that raises an alarm line")
    args = ap.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))

    try:
        stream = open_line(args.device)
    except OSError as exc:
        log.error("cannot open %s: %s", args.device, exc)
        return 1
    try:
        Identity(args.user).assume()
    except (KeyError, OSError) as exc:
        log.error("cannot switch to %s: %s", args.user, exc)
        return 1

    Path(args.data_dir).mkdir(exist_ok=True)
    for fields in frames(stream):
        append_reading(args.data_dir, fields)
        try:
            if float(fields[1]) >= args.trip:
                log.warning("head %s at %s%% CH4 (trip %.2f)", fields[0], fields[1], args.trip)
        except (IndexError, ValueError):
            pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
