#!/usr/bin/env python3
"""GPS radio base-station receiver for the buggy fleet.

The cart radios push NMEA bursts to a low UDP port fixed by the vendor
(502). Binding that low port needs root, so the receiver binds
first, enlarges the kernel receive buffer for burst traffic, then switches to
the unprivileged fleet account before parsing anything.
"""
import argparse
import ctypes
import ctypes.util
import grp
import logging
import pwd
import socket
import sys

log = logging.getLogger("gps_rx")

RMEM_KNOB = "/proc/sys/net/core/" + "rmem_max"
WANT_RMEM = 8 * 1024 * 1024


def tune_buffers(size):
    """Raise the kernel's max socket receive buffer if it is too small."""
    try:
        with open(RMEM_KNOB) as fh:
            current = int(fh.read().strip())
    except (OSError, ValueError):
        return
    if current >= size:
        return
    try:
        with open(RMEM_KNOB, "w") as fh:
            fh.write(str(size))
        log.info("rmem_max %d -> %d", current, size)
    except OSError as exc:
        log.warning("cannot raise rmem_max: %s", exc)


class Identity:
    """Switch process identity through libc so it also covers saved ids."""

    def __init__(self):
        self.libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)

    def _call(self, name, *ids):
        fn = getattr(self.libc, name)
        if fn(*[ctypes.c_uint(i) for i in ids]) != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{name} failed")

    def become(self, user):
        pw = pwd.getpwnam(user)
        groups = [g.gr_gid for g in grp.getgrall() if user in g.gr_mem] or [pw.pw_gid]
        arr = (ctypes.c_uint * len(groups))(*groups)
        if self.libc.setgroups(len(groups), arr) != 0:
            raise OSError(ctypes.get_errno(), "setgroups failed")
        self._call("setresgid", pw.pw_gid, pw.pw_gid, pw.pw_gid)
        self._call("setresuid", pw.pw_uid, pw.pw_uid, pw.pw_uid)
        log.info("now running as %s", user)


def parse_nmea(line):
    if not line.startswith("$GPGGA"):
        return None
    parts = line.split(",")
    if len(parts) < 6 or not parts[2]:
        return None
    try:
        lat = float(parts[2][:2]) + float(parts[2][2:]) / 60
        lon = float(parts[4][:3]) + float(parts[4][3:]) / 60
    except ValueError:
        return None
    if parts[3] == "S":
        lat = -lat
    if parts[5] == "W":
        lon = -lon
    return lat, lon


def serve(sock, out_path):
    with open(out_path, "a") as out:
        while True:
            data, addr = sock.recvfrom(4096)
            for raw in data.decode("ascii", "ignore").splitlines():
                fix = parse_nmea(raw.strip())
                if fix:
                    out.write(f"{addr[0]},{fix[0]:.6f},{fix[1]:.6f}\n")
                    out.flush()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--port", type=int, default=502)
    ap.add_argument("--bind", default="127.0.0.1")
    ap.add_argument("--user", default="fleet")
    ap.add_argument("--out", default="fixes.csv")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    tune_buffers(WANT_RMEM)
    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, WANT_RMEM)
    try:
        sock.bind((args.bind, args.port))
    except PermissionError:
        log.error("need elevated start to bind port %d", args.port)
        return 1
    try:
        Identity().become(args.user)
    except (KeyError, OSError) as exc:
        log.error("identity switch failed: %s", exc)
        return 1
    try:
        serve(sock, args.out)
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
