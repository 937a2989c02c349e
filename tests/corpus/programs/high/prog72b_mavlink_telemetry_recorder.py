#!/usr/bin/env python3
"""Record MAVLink telemetry from survey drones to flight logs.

Listens for MAVLink v2 datagrams from the ground radio, splits them by system
id and writes one .tlog per airframe per flight under ./tlogs.  Spray and
survey flights stream at high rates from several airframes at once, so the
recorder enlarges the kernel receive buffer limit before binding, then gives
up root and runs as the recorder account.
"""
import argparse
import ctypes
import ctypes.util
import logging
import os
import pwd
import signal
import socket
import struct
import sys
import time
from pathlib import Path

LOG = logging.getLogger("tlog")

RMEM_MAX = Path("/proc/sys/net/core/rmem_max")
WANT_RCVBUF = 8 * 1024 * 1024
MAGIC_V2 = 0xFD


class Identity:
    """Switches the process to an unprivileged account via libc."""

    def __init__(self, user):
        self.pw = pwd.getpwnam(user)
        self.libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)

    def _check(self, rc, what):
        if rc != 0:
            err = ctypes.get_errno()
            raise OSError(err, "%s: %s" % (what, os.strerror(err)))

    def assume(self):
        groups = (ctypes.c_uint * 1)(self.pw.pw_gid)
        self._check(self.libc.setgroups(1, groups), "setgroups")
        self._check(self.libc.setresgid(self.pw.pw_gid, self.pw.pw_gid, self.pw.pw_gid), "setresgid")
        self._check(self.libc.setresuid(self.pw.pw_uid, self.pw.pw_uid, self.pw.pw_uid), "setresuid")
        os.environ["HOME"] = self.pw.pw_dir
        LOG.info("running as %s (%d:%d)", self.pw.pw_name, self.pw.pw_uid, self.pw.pw_gid)


def raise_rmem(limit):
    try:
        current = int(RMEM_MAX.read_text().strip())
    except OSError as exc:
        LOG.warning("cannot read %s: %s", RMEM_MAX, exc)
        return
    if current >= limit:
        return
    RMEM_MAX.write_text("%d\n" % limit)
    LOG.info("rmem_max %d -> %d", current, limit)


class FlightFiles:
    def __init__(self, root, idle_split=120):
        self.root = root
        self.idle_split = idle_split
        self.open = {}

    def write(self, sysid, packet):
        now = time.time()
        entry = self.open.get(sysid)
        if entry is None or now - entry[1] > self.idle_split:
            if entry:
                entry[0].close()
            self.root.mkdir(parents=True, exist_ok=True)
            name = self.root / ("sys%03d-%s.tlog" % (sysid, time.strftime("%Y%m%d-%H%M%S")))
            LOG.info("new flight log %s", name.name)
            entry = [open(name, "ab"), now]
            self.open[sysid] = entry
        usec = int(now * 1e6)
        entry[0].write(struct.pack(">Q", usec) + packet)
        entry[1] = now

    def close(self):
        for fh, _ in self.open.values():
            fh.close()


def iter_frames(datagram):
    i = 0
    while i + 12 <= len(datagram):
        if datagram[i] != MAGIC_V2:
            i += 1
            continue
        plen = datagram[i + 1]
        incompat = datagram[i + 2]
        total = 12 + plen + (13 if incompat & 0x01 else 0)
        frame = datagram[i:i + total]
        if len(frame) < total:
            break
        yield frame[5], frame
        i += total


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--listen", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=14550)
    ap.add_argument("--user", default="tlog")
    ap.add_argument("--out", type=Path, default=Path("tlogs"))
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    if os.geteuid() == 0:
        raise_rmem(WANT_RCVBUF)
    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, WANT_RCVBUF)
    sock.bind((args.listen, args.port))
    if os.geteuid() == 0:
        Identity(args.user).assume()

    files = FlightFiles(args.out.resolve())
    signal.signal(signal.SIGTERM, lambda *_: (_ for _ in ()).throw(KeyboardInterrupt))
    LOG.info("recording MAVLink on %s:%d", args.listen, args.port)
    try:
        while True:
            data, _ = sock.recvfrom(65535)
            for sysid, frame in iter_frames(data):
                files.write(sysid, frame)
    except KeyboardInterrupt:
        LOG.info("stopping")
    finally:
        files.close()
        sock.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
