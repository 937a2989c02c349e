#!/usr/bin/env python3
"""Minimal DICOM C-STORE landing listener for the vet imaging room.

The ultrasound cart insists on port 104, so the listener is started as root,
binds the port, then switches to the unprivileged `vetimg` account through
libc before it touches any incoming data.
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
import time

LOG = logging.getLogger("dicom-listener")

DEFAULTS = {
    "bind": "127.0.0.1",
    "port": 104,
    "account": "vetimg",
    "landing": "./dicom_landing",
    "max_bytes": 64 * 1024 * 1024,
}


class Libc:
    """Thin wrapper over the identity calls in libc."""

    def __init__(self):
        self.lib = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
        self.calls = {name: getattr(self.lib, "set" + name)
                      for name in ("groups", "gid", "uid", "resgid", "resuid")}

    def _check(self, rc, what):
        if rc != 0:
            err = ctypes.get_errno()
            raise OSError(err, "%s failed: %s" % (what, os.strerror(err)))

    def groups(self, gids):
        arr = (ctypes.c_uint * len(gids))(*gids)
        self._check(self.calls["groups"](ctypes.c_size_t(len(gids)), arr), "setgroups")

    def ids(self, uid, gid):
        self._check(self.calls["resgid"](gid, gid, gid), "setresgid")
        self._check(self.calls["resuid"](uid, uid, uid), "setresuid")


def switch_account(name):
    entry = pwd.getpwnam(name)
    extra = [g.gr_gid for g in grp.getgrall() if name in g.gr_mem]
    libc = Libc()
    libc.groups([entry.pw_gid] + extra)
    libc.ids(entry.pw_uid, entry.pw_gid)
    os.environ["HOME"] = entry.pw_dir
    LOG.info("now running as %s (uid=%d)", name, os.getuid())


def open_listener(host, port):
    srv = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    srv.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    srv.bind((host, port))
    srv.listen(4)
    LOG.info("listening on %s:%d", host, port)
    return srv


def receive(conn, landing, limit):
    name = os.path.join(landing, "study_%d.dcm" % int(time.time() * 1000))
    total = 0
    with open(name, "wb") as out:
        while True:
            chunk = conn.recv(65536)
            if not chunk:
                break
            total += len(chunk)
            if total > limit:
                LOG.warning("study too large, truncating")
                break
            out.write(chunk)
    os.chmod(name, 0o600)
    return name, total


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--bind", default=DEFAULTS["bind"])
    ap.add_argument("--port", type=int, default=DEFAULTS["port"])
    ap.add_argument("--account", default=DEFAULTS["account"])
    ap.add_argument("--landing", default=DEFAULTS["landing"])
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    os.makedirs(args.landing, exist_ok=True)
    try:
        srv = open_listener(args.bind, args.port)
    except PermissionError:
        LOG.error("port %d needs root to bind", args.port)
        return 1

    if os.getuid() == 0:
        try:
            entry = pwd.getpwnam(args.account)
            os.chown(args.landing, entry.pw_uid, entry.pw_gid)
            switch_account(args.account)
        except (KeyError, OSError) as exc:
            LOG.error("cannot drop to %s: %s", args.account, exc)
            return 1

    try:
        while True:
            conn, peer = srv.accept()
            with conn:
                name, size = receive(conn, args.landing, DEFAULTS["max_bytes"])
                LOG.info("stored %s (%d bytes) from %s", name, size, peer[0])
    except KeyboardInterrupt:
        LOG.info("shutting down")
    finally:
        srv.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
