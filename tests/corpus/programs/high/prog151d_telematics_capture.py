#!/usr/bin/env python3
"""Capture forklift telematics broadcasts on the yard network.

The forklift gateways broadcast raw Ethernet frames (ethertype 0x88B5,
vendor-local) with speed, load and impact readings.  This tool grabs those
frames on the yard interface and writes them to a rolling binary log that
the fleet analyst picks up later.  Packet sockets need root, so the tool
takes it, opens the socket and then drops to the configured service user.
"""
import argparse
import ctypes
import ctypes.util
import logging
import os
import pwd
import socket
import struct
import sys
import time

log = logging.getLogger("tm_capture")

ETH_P_TELEM = 0x88B5
ETH_P_ALL = 0x0003

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
for _fn in ("setresuid", "setresgid", "setgroups"):
    getattr(_libc, _fn).restype = ctypes.c_int


def _check(rc, what):
    if rc != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what}: {os.strerror(err)}")


def acquire_root():
    """Switch real/effective/saved ids to 0 (binary is installed setuid)."""
    _check(_libc.setresgid(0, 0, 0), "setresgid")
    _check(_libc.setresuid(0, 0, 0), "setresuid")


def drop_to(user):
    pw = pwd.getpwnam(user)
    groups = (ctypes.c_uint * 1)(pw.pw_gid)
    _check(_libc.setgroups(1, groups), "setgroups")
    _check(_libc.setresgid(pw.pw_gid, pw.pw_gid, pw.pw_gid), "setresgid")
    _check(_libc.setresuid(pw.pw_uid, pw.pw_uid, pw.pw_uid), "setresuid")
    log.info("now running as %s", user)


def open_capture(iface):
    s = socket.socket(socket.AF_PACKET, socket.SOCK_RAW, socket.htons(ETH_P_ALL))
    s.bind((iface, 0))
    s.settimeout(1.0)
    return s


class RollingLog:
    def __init__(self, prefix, max_bytes):
        self.prefix = prefix
        self.max_bytes = max_bytes
        self.fh = None
        self.size = 0

    def _roll(self):
        if self.fh:
            self.fh.close()
        name = f"{self.prefix}_{time.strftime('%Y%m%d_%H%M%S')}.bin"
        self.fh = open(name, "ab")
        self.size = 0
        log.info("writing %s", name)

    def write(self, frame):
        if self.fh is None or self.size > self.max_bytes:
            self._roll()
        rec = struct.pack("<dI", time.time(), len(frame)) + frame
        self.fh.write(rec)
        self.size += len(rec)


def main():
    ap = argparse.ArgumentParser(description="Forklift telematics frame capture")
    ap.add_argument("--iface", default="eth1")
    ap.add_argument("--user", default="telematics")
    ap.add_argument("--prefix", default="telem")
    ap.add_argument("--max-mb", type=int, default=50)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    try:
        if os.geteuid() != 0:
            acquire_root()
        sock = open_capture(args.iface)
        drop_to(args.user)
    except (OSError, KeyError) as exc:
        log.error("cannot start capture: %s", exc)
        return 1

    out = RollingLog(args.prefix, args.max_mb * 1024 * 1024)
    seen = 0
    while True:
        try:
            frame = sock.recv(2048)
        except socket.timeout:
            continue
        except KeyboardInterrupt:
            break
        if len(frame) < 14 or struct.unpack("!H", frame[12:14])[0] != ETH_P_TELEM:
            continue
        out.write(frame)
        seen += 1
        if seen % 1000 == 0:
            log.info("%d telematics frames captured", seen)
    return 0


if __name__ == "__main__":
    sys.exit(main())
