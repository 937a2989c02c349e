#!/usr/bin/env python3
"""Packing scale reader.

Reads weights from the bench scale on the serial port and appends them to a
per-day CSV next to the packing list, so short boxes can be spotted. The
serial node is root-only on the older stations, so the reader opens it
first and then switches to the packing account for everything else.
"""
import argparse
import ctypes
import ctypes.util
import csv
import logging
import os
import pwd
import re
import sys
import time
from datetime import datetime

log = logging.getLogger("scale_reader")

WEIGHT_RE = re.compile(rb"([+-]?\d+\.\d+)\s*(kg|g)")


def _libc():
    name = ctypes.util.find_library("c") or "libc.so.6"
    lib = ctypes.CDLL(name, use_errno=True)
    for fn in ("setresuid", "setresgid"):
        getattr(lib, fn).argtypes = [ctypes.c_uint] * 3
    lib.setgroups.argtypes = [ctypes.c_size_t, ctypes.POINTER(ctypes.c_uint)]
    return lib


def switch_account(username):
    """Become the packing account: groups, then gid, then uid."""
    if os.geteuid() != 0:
        log.info("not running as root; staying as %s", pwd.getpwuid(os.getuid()).pw_name)
        return
    entry = pwd.getpwnam(username)
    libc = _libc()
    gids = (ctypes.c_uint * 1)(entry.pw_gid)
    calls = [
        ("setgroups", (1, gids)),
        ("setresgid", (entry.pw_gid,) * 3),
        ("setresuid", (entry.pw_uid,) * 3),
    ]
    for name, argv in calls:
        if getattr(libc, name)(*argv) != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{name} failed: {os.strerror(err)}")
    os.environ["HOME"] = entry.pw_dir
    log.info("now running as %s (uid %d)", username, entry.pw_uid)


class Scale:
    def __init__(self, device, baud=9600):
        self.device = device
        self.baud = baud
        self.fd = None

    def open(self):
        self.fd = os.open(self.device, os.O_RDONLY | os.O_NOCTTY)
        log.info("opened %s", self.device)

    def readings(self):
        buf = b""
        while True:
            chunk = os.read(self.fd, 64)
            if not chunk:
                time.sleep(0.2)
                continue
            buf += chunk
            while b"\n" in buf:
                line, buf = buf.split(b"\n", 1)
                m = WEIGHT_RE.search(line)
                if m:
                    value = float(m.group(1))
                    yield value / 1000 if m.group(2) == b"g" else value


def main():
    ap = argparse.ArgumentParser(description="Log bench scale weights")
    ap.add_argument("--device", default="/dev/ttyUSB0")
    ap.add_argument("--user", default="packing")
    ap.add_argument("--outdir", default="weights")
    ap.add_argument("--min-kg", type=float, default=0.05, help="ignore readings below this")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    scale = Scale(args.device)
    try:
        scale.open()
    except OSError as exc:
        log.error("cannot open scale: %s", exc)
        return 1
    switch_account(args.user)

    os.makedirs(args.outdir, exist_ok=True)
    path = os.path.join(args.outdir, datetime.now().strftime("%Y-%m-%d") + ".csv")
    last = None
    with open(path, "a", newline="") as fh:
        w = csv.writer(fh)
        try:
            for kg in scale.readings():
                if kg < args.min_kg or kg == last:
                    continue
                last = kg
                w.writerow([datetime.now().isoformat(timespec="seconds"), f"{kg:.3f}"])
                fh.flush()
                log.info("%.3f kg", kg)
        except KeyboardInterrupt:
            log.info("stopped")
    return 0


if __name__ == "__main__":
    sys.exit(main())
