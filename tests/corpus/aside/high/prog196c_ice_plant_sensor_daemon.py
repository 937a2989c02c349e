#!/usr/bin/env python3
"""Brine and slab temperature collector for the ice plant.

Listens on the Modbus port for pushes from the plant PLC, then switches
to the unprivileged service account and appends readings to a CSV.
"""
import argparse
import ctypes
import ctypes.util
import csv
import grp
import logging
import os
import pwd
import socket
import struct
import time
from pathlib import Path

log = logging.getLogger("ice-plant")


class Identity:
    _calls = ("setgroups", "setgid", "setuid")

    def __init__(self):
        self.libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)

    def _call(self, name, *args):
        fn = getattr(self.libc, name)
        if fn(*args) != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{name} failed: {os.strerror(err)}")

    def become(self, user: str, group: str):
        uid = pwd.getpwnam(user).pw_uid
        gid = grp.getgrnam(group).gr_gid
        groups = (ctypes.c_uint * 1)(gid)
        plan = dict(zip(self._calls, [(1, groups), (gid,), (uid,)]))
        for name in self._calls:
            self._call(name, *plan[name])
        log.info("now running as %s:%s", user, group)


def decode(frame: bytes):
    if len(frame) < 13:
        return None
    _tid, _pid, _len, unit, func, _count = struct.unpack(">HHHBBB", frame[:9])
    if func != 16:
        return None
    brine, slab = struct.unpack(">hh", frame[9:13])
    return unit, brine / 10.0, slab / 10.0


def serve(sock, out: Path):
    with out.open("a", newline="") as fh:
        writer = csv.writer(fh)
        while True:
            conn, peer = sock.accept()
            with conn:
                frame = conn.recv(256)
                reading = decode(frame)
                if reading is None:
                    log.debug("ignored frame from %s", peer[0])
                    continue
                writer.writerow([int(time.time()), *reading])
                fh.flush()
                conn.sendall(frame[:12])


def main():
    parser = argparse.ArgumentParser(description="Ice plant Modbus collector")
    parser.add_argument("--bind", default="192.0.2.10")
    parser.add_argument("--port", type=int, default=502)
    parser.add_argument("--user", default="iceplant")
    parser.add_argument("--group", default="iceplant")
    parser.add_argument("--out", type=Path, default=Path("readings.csv"))
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((args.bind, args.port))
    sock.listen(8)

    if os.geteuid() == 0:
        try:
            Identity().become(args.user, args.group)
        except (KeyError, OSError) as exc:
            log.error("cannot switch account: %s", exc)
            return 1
    try:
        serve(sock, args.out)
    except KeyboardInterrupt:
        log.info("stopping")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
