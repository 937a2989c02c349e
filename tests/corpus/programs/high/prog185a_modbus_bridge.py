#!/usr/bin/env python3
"""Modbus/TCP bridge for the fogging controllers.

The fogger PLCs only talk to a master on port 502, which is a privileged
port.  The bridge is started as root by the controller PC's boot script,
binds the port on the controller VLAN address, switches identity to the
service account and relays register reads to the local historian file.
"""
import argparse
import grp
import logging
import os
import pwd
import socket
import struct
import time
from pathlib import Path

LOG = logging.getLogger("mbbridge")

LISTEN = (os.environ.get("BRIDGE_ADDR", "192.0.2.10"), int(os.environ.get("BRIDGE_PORT", "502")))
SERVICE_USER = os.environ.get("BRIDGE_USER", "fogctl")
HISTORIAN = Path(os.environ.get("HISTORIAN_FILE", "historian.csv"))


class Identity:
    """Switch the process to the service account after binding."""

    def __init__(self, user):
        self.pw = pwd.getpwnam(user)
        self.groups = [g.gr_gid for g in grp.getgrall() if user in g.gr_mem]

    def assume(self):
        ops = (
            ("setgroups", self.groups),
            ("setgid", self.pw.pw_gid),
            ("setuid", self.pw.pw_uid),
        )
        for name, arg in ops:
            getattr(os, name)(arg)
        os.environ["HOME"] = self.pw.pw_dir
        LOG.info("now running as %s (%d)", self.pw.pw_name, os.getuid())


def parse_frame(frame: bytes):
    """Return (unit, function, register, value) from a write request."""
    if len(frame) < 12:
        return None
    _tid, _pid, _length, unit, func = struct.unpack(">HHHBB", frame[:8])
    register, value = struct.unpack(">HH", frame[8:12])
    return unit, func, register, value


def record(unit, register, value):
    new = not HISTORIAN.exists()
    with HISTORIAN.open("a") as fh:
        if new:
            fh.write("ts,unit,register,value\n")
        fh.write(f"{time.time():.0f},{unit},{register},{value}\n")


def serve(sock):
    while True:
        conn, peer = sock.accept()
        with conn:
            frame = conn.recv(260)
            parsed = parse_frame(frame)
            if not parsed:
                LOG.warning("short frame from %s", peer[0])
                continue
            unit, func, register, value = parsed
            if func in (6, 16):
                record(unit, register, value)
            conn.sendall(frame[:12])  # echo as acknowledgement


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--user", default=SERVICE_USER)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(LISTEN)
    sock.listen(8)
    LOG.info("listening on %s:%d", *LISTEN)
    if os.geteuid() == 0:
        Identity(args.user).assume()
    serve(sock)


if __name__ == "__main__":
    main()
