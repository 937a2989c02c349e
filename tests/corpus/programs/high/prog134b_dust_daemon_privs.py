#!/usr/bin/env python3
"""Dust monitor receiver daemon.

Boundary dust monitors push readings as UDP datagrams to port 514 (the
vendor reused the syslog port and it cannot be changed on the units). The
daemon binds the low port, keeps the bind capability for re-binds after
network drops, and runs as the 'dustmon' account otherwise.
"""

import argparse
import ctypes
import ctypes.util
import grp
import logging
import os
import pwd
import socket
import sys

log = logging.getLogger("dustd")

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)

PR_SET_KEEPCAPS = 8
CAP_NET_BIND_SERVICE = 10
_LINUX_CAPABILITY_VERSION_3 = 0x20080522


class CapHeader(ctypes.Structure):
    _fields_ = [("version", ctypes.c_uint32), ("pid", ctypes.c_int)]


class CapData(ctypes.Structure):
    _fields_ = [("effective", ctypes.c_uint32), ("permitted", ctypes.c_uint32),
                ("inheritable", ctypes.c_uint32)]


def _check(rc, what):
    if rc != 0:
        err = ctypes.get_errno()
        raise OSError(err, "%s: %s" % (what, os.strerror(err)))


def switch_identity(user, group):
    """Become user/group but keep CAP_NET_BIND_SERVICE."""
    pw = pwd.getpwnam(user)
    gid = grp.getgrnam(group).gr_gid
    _check(_libc.prctl(PR_SET_KEEPCAPS, 1, 0, 0, 0), "prctl")
    groups = (ctypes.c_uint * 1)(gid)
    _check(_libc.setgroups(1, groups), "setgroups")
    _check(_libc.setresgid(gid, gid, gid), "setresgid")
    _check(_libc.setresuid(pw.pw_uid, pw.pw_uid, pw.pw_uid), "setresuid")

    hdr = CapHeader(_LINUX_CAPABILITY_VERSION_3, 0)
    data = (CapData * 2)()
    bit = 1 << CAP_NET_BIND_SERVICE
    data[0].effective = bit
    data[0].permitted = bit
    _check(_libc.capset(ctypes.byref(hdr), data), "capset")
    log.info("running as %s:%s with net_bind_service", user, group)


def parse_reading(raw):
    # "<site>,<monitor>,<iso time>,<pm10>,<pm25>"
    parts = raw.decode("ascii", errors="replace").strip().split(",")
    if len(parts) != 5:
        return None
    try:
        return {"site": parts[0], "monitor": parts[1], "ts": parts[2],
                "pm10": float(parts[3]), "pm25": float(parts[4])}
    except ValueError:
        return None


def serve(bind_addr, port, out_path, limit):
    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    sock.bind((bind_addr, port))
    log.info("listening on %s:%d", bind_addr, port)
    count = 0
    with open(out_path, "a", buffering=1) as out:
        while limit is None or count < limit:
            raw, peer = sock.recvfrom(512)
            reading = parse_reading(raw)
            if reading is None:
                log.debug("junk from %s", peer[0])
                continue
            if reading["pm10"] > 150:
                log.warning("PM10 %.1f at %s", reading["pm10"], reading["monitor"])
            out.write("%(ts)s,%(site)s,%(monitor)s,%(pm10).1f,%(pm25).1f\n" % reading)
            count += 1


def main():
    ap = argparse.ArgumentParser(description="Dust monitor UDP receiver")
    ap.add_argument("--bind", default="10.20.0.5", help="plant network address")
    ap.add_argument("--port", type=int, default=514)
    ap.add_argument("--user", default="dustmon")
    ap.add_argument("--group", default="dustmon")
    ap.add_argument("--out", default="./readings.csv")
    ap.add_argument("--limit", type=int)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    if os.geteuid() == 0:
        try:
            switch_identity(args.user, args.group)
        except (KeyError, OSError) as exc:
            log.error("cannot switch identity: %s", exc)
            return 1
    try:
        serve(args.bind, args.port, args.out, args.limit)
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
