#!/usr/bin/env python3
"""High-rate SocketCAN logger for the vehicle bench.

Opens a raw CAN socket with an oversized receive buffer (so bursts during
ECU flashing are not dropped), then switches to the unprivileged logging
account before writing candump-compatible log files to ./logs/.

Typically started by the bench launcher as root:
    can_sniffer_privdrop.py -i can0 --user canlog
"""
import argparse
import ctypes
import ctypes.util
import datetime as dt
import grp
import logging
import os
import pwd
import signal
import socket
import struct
import sys
from pathlib import Path

LOG = logging.getLogger("can_sniffer")
CAN_FRAME = struct.Struct("=IB3x8s")
CAN_EFF_FLAG = 0x80000000
CAN_RTR_FLAG = 0x40000000
SO_RCVBUFFORCE = 33
RCVBUF_BYTES = 8 * 1024 * 1024


class Credentials:
    """Thin wrapper around libc identity calls."""

    _libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)

    def __init__(self, username):
        pw = pwd.getpwnam(username)
        self.uid = pw.pw_uid
        self.gid = pw.pw_gid
        self.home = pw.pw_dir
        self.groups = sorted({g.gr_gid for g in grp.getgrall() if username in g.gr_mem}
                             | {self.gid})

    def _check(self, rc, what):
        if rc != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{what}: {os.strerror(err)}")

    def apply(self):
        arr = (ctypes.c_uint * len(self.groups))(*self.groups)
        self._check(self._libc.setgroups(ctypes.c_size_t(len(self.groups)), arr), "setgroups")
        self._check(self._libc.setresgid(self.gid, self.gid, self.gid), "setresgid")
        self._check(self._libc.setresuid(self.uid, self.uid, self.uid), "setresuid")
        LOG.info("now running as uid=%d gid=%d", os.getuid(), os.getgid())


def open_can(iface):
    s = socket.socket(socket.AF_CAN, socket.SOCK_RAW, socket.CAN_RAW)
    try:
        s.setsockopt(socket.SOL_SOCKET, SO_RCVBUFFORCE, RCVBUF_BYTES)
    except PermissionError:
        LOG.warning("cannot force receive buffer; falling back to SO_RCVBUF")
        s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, RCVBUF_BYTES)
    s.bind((iface,))
    return s


def format_frame(ts, iface, frame):
    can_id, dlc, data = CAN_FRAME.unpack(frame)
    if can_id & CAN_EFF_FLAG:
        ident = f"{can_id & 0x1FFFFFFF:08X}"
    else:
        ident = f"{can_id & 0x7FF:03X}"
    if can_id & CAN_RTR_FLAG:
        payload = "R"
    else:
        payload = data[:dlc].hex().upper()
    return f"({ts:.6f}) {iface} {ident}#{payload}\n"


def log_path(root: Path, iface):
    stamp = dt.datetime.now().strftime("%Y%m%d-%H%M%S")
    return root / f"candump-{iface}-{stamp}.log"


def main(argv=None):
    p = argparse.ArgumentParser(description="SocketCAN bench logger")
    p.add_argument("-i", "--iface", default="can0")
    p.add_argument("--user", default=os.environ.get("CANLOG_USER", "canlog"))
    p.add_argument("--logdir", type=Path, default=Path("logs"))
    p.add_argument("--rotate", type=int, default=500_000, help="frames per file")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    sock = open_can(args.iface)
    if os.geteuid() == 0:
        creds = Credentials(args.user)
        args.logdir.mkdir(parents=True, exist_ok=True)
        os.chown(args.logdir, creds.uid, creds.gid)
        creds.apply()
    args.logdir.mkdir(parents=True, exist_ok=True)

    stop = False

    def _stop(*_):
        nonlocal stop
        stop = True
    signal.signal(signal.SIGTERM, _stop)
    signal.signal(signal.SIGINT, _stop)

    frames = 0
    out = log_path(args.logdir, args.iface).open("w", buffering=1 << 16)
    LOG.info("logging %s to %s", args.iface, out.name)
    try:
        while not stop:
            try:
                frame = sock.recv(CAN_FRAME.size)
            except InterruptedError:
                continue
            out.write(format_frame(dt.datetime.now().timestamp(), args.iface, frame))
            frames += 1
            if frames % args.rotate == 0:
                out.close()
                out = log_path(args.logdir, args.iface).open("w", buffering=1 << 16)
                LOG.info("rotated to %s", out.name)
    finally:
        out.close()
        sock.close()
    LOG.info("captured %d frames", frames)
    return 0


if __name__ == "__main__":
    sys.exit(main())
