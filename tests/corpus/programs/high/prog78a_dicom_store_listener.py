#!/usr/bin/env python3
"""Receive images from the modality bridge on the standard DICOM port.

The panoramic unit's bridge box only talks to port 104, so the listener
binds it at start-up and then runs as the unprivileged 'imaging' account
for the rest of its life. Each object arrives as a length-prefixed frame:
4-byte big-endian length, then the raw Part-10 file. Objects are written
under the storage directory, one folder per day.
"""

import argparse
import ctypes
import ctypes.util
import datetime as dt
import grp
import hashlib
import logging
import os
import pwd
import socketserver
import struct
import sys
from pathlib import Path

LOG = logging.getLogger("dicom-listener")
MAX_OBJECT = 512 * 1024 * 1024


class StoreHandler(socketserver.StreamRequestHandler):
    def _read_exact(self, n):
        buf = bytearray()
        while len(buf) < n:
            chunk = self.rfile.read(n - len(buf))
            if not chunk:
                raise EOFError
            buf += chunk
        return bytes(buf)

    def handle(self):
        peer = "%s:%d" % self.client_address
        stored = 0
        while True:
            try:
                (length,) = struct.unpack(">I", self._read_exact(4))
                if length == 0 or length > MAX_OBJECT:
                    LOG.warning("%s: bad frame length %d", peer, length)
                    break
                data = self._read_exact(length)
            except EOFError:
                break
            if data[128:132] != b"DICM":
                self.wfile.write(b"\x01")
                LOG.warning("%s: object without DICM preamble rejected", peer)
                continue
            self.server.store(data)
            self.wfile.write(b"\x00")
            stored += 1
        LOG.info("%s: session closed, %d objects stored", peer, stored)


class StoreServer(socketserver.ThreadingTCPServer):
    allow_reuse_address = True
    daemon_threads = True

    def __init__(self, addr, root):
        super().__init__(addr, StoreHandler)
        self.root = Path(root)

    def store(self, data):
        folder = self.root / dt.date.today().isoformat()
        folder.mkdir(parents=True, exist_ok=True)
        name = hashlib.sha256(data).hexdigest()[:24] + ".dcm"
        (folder / name).write_bytes(data)


def become(account):
    """Switch the process to the service account once the port is bound."""
    pw = pwd.getpwnam(account)
    libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
    groups = [g.gr_gid for g in grp.getgrall() if account in g.gr_mem]
    arr = (ctypes.c_uint * max(1, len(groups)))(*groups)
    steps = (
        ("setgroups", lambda: libc.setgroups(len(groups), arr)),
        ("setresgid", lambda: libc.setresgid(pw.pw_gid, pw.pw_gid, pw.pw_gid)),
        ("setresuid", lambda: libc.setresuid(pw.pw_uid, pw.pw_uid, pw.pw_uid)),
    )
    for name, call in steps:
        if call() != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{name}: {os.strerror(err)}")
    os.environ.update(HOME=pw.pw_dir, USER=account, LOGNAME=account)
    LOG.info("now running as %s (uid %d)", account, os.getuid())


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bind", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=104)
    ap.add_argument("--storage", default="./dicom_store")
    ap.add_argument("--account", default="imaging")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    storage = Path(args.storage).resolve()
    storage.mkdir(parents=True, exist_ok=True)
    try:
        server = StoreServer((args.bind, args.port), storage)
    except PermissionError:
        LOG.error("cannot bind port %d; start the listener as root", args.port)
        return 1

    if os.geteuid() == 0:
        try:
            pw = pwd.getpwnam(args.account)
            os.chown(storage, pw.pw_uid, pw.pw_gid)
            become(args.account)
        except (KeyError, OSError) as exc:
            LOG.error("could not switch to %s: %s", args.account, exc)
            return 1

    LOG.info("listening on %s:%d, storing under %s", args.bind, args.port, storage)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
