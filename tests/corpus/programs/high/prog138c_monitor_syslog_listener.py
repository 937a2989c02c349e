#!/usr/bin/env python3
"""Receive syslog from cardiac monitors on the station network.

The monitors can only send to UDP 514, so the listener starts as root to
bind the port and then switches to the service account configured below.
Messages are appended to daily files in the working directory.
"""

import argparse
import ctypes
import ctypes.util
import logging
import os
import pwd
import socket
import sys
from datetime import date

log = logging.getLogger("monitor-syslog")

SERVICE_ACCOUNT = os.environ.get("LISTENER_USER", "biomed")


def _libc():
    name = ctypes.util.find_library("c") or "libc.so.6"
    lib = ctypes.CDLL(name, use_errno=True)
    for fn in ("setresuid", "setresgid"):
        getattr(lib, fn).argtypes = [ctypes.c_uint] * 3
    lib.setgroups.argtypes = [ctypes.c_size_t, ctypes.POINTER(ctypes.c_uint)]
    return lib


class Identity:
    """Switches the process to another account using libc directly."""

    def __init__(self, account):
        self.pw = pwd.getpwnam(account)
        self.lib = _libc()

    def _check(self, rc, what):
        if rc != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{what} failed: {os.strerror(err)}")

    def switch(self):
        uid, gid = self.pw.pw_uid, self.pw.pw_gid
        groups = (ctypes.c_uint * 1)(gid)
        self._check(self.lib.setgroups(1, groups), "setgroups")
        self._check(self.lib.setresgid(gid, gid, gid), "setresgid")
        self._check(self.lib.setresuid(uid, uid, uid), "setresuid")
        os.environ["HOME"] = self.pw.pw_dir
        log.info("now running as %s (%d:%d)", self.pw.pw_name, uid, gid)


class Listener:
    def __init__(self, host, port, out_dir):
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        self.sock.bind((host, port))
        self.out_dir = out_dir
        os.makedirs(out_dir, exist_ok=True)
        log.info("listening on %s:%d", host, port)

    def _path(self):
        return os.path.join(self.out_dir, f"monitors-{date.today():%Y%m%d}.log")

    def serve(self, limit=None):
        seen = 0
        while limit is None or seen < limit:
            data, (src, _port) = self.sock.recvfrom(8192)
            line = data.decode("utf-8", errors="replace").rstrip()
            with open(self._path(), "a") as fh:
                fh.write(f"{src} {line}\n")
            seen += 1


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--host", default="127.0.0.1",
                    help="address on the monitor VLAN, e.g. 10.20.0.1")
    ap.add_argument("--port", type=int, default=514)
    ap.add_argument("--out-dir", default="monitor-logs")
    ap.add_argument("--user", default=SERVICE_ACCOUNT)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    try:
        listener = Listener(args.host, args.port, args.out_dir)
    except PermissionError:
        log.error("cannot bind port %d; start as root", args.port)
        return 1

    if os.geteuid() == 0:
        try:
            Identity(args.user).switch()
        except (KeyError, OSError) as exc:
            log.error("could not switch account: %s", exc)
            return 1
    try:
        listener.serve()
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
