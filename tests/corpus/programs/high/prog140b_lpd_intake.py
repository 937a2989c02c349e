#!/usr/bin/env python3
"""Minimal LPD intake for legacy prepress workstations.

Old Mac prepress stations still send jobs over LPD (port 515). This daemon
accepts the control and data files, drops them into the RIP hot folder and
then runs as the unprivileged spool account.
"""
import argparse
import ctypes
import ctypes.util
import grp
import logging
import os
import pwd
import socket
import time
from pathlib import Path

log = logging.getLogger("lpd-intake")

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


def _check(rc, what):
    if rc != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what}: {os.strerror(err)}")


def switch_identity(user, group):
    """Switch the whole process to the spool account via libc."""
    pw = pwd.getpwnam(user)
    gid = grp.getgrnam(group).gr_gid
    groups = (ctypes.c_uint * 1)(gid)
    _check(_libc.setgroups(1, groups), "setgroups")
    _check(_libc.setresgid(gid, gid, gid), "setresgid")
    _check(_libc.setresuid(pw.pw_uid, pw.pw_uid, pw.pw_uid), "setresuid")
    log.info("now running as %s:%s", user, group)


class LpdSession:
    def __init__(self, conn, hot_folder):
        self.conn = conn
        self.rfile = conn.makefile("rb")
        self.hot = hot_folder

    def ack(self):
        self.conn.sendall(b"\0")

    def handle(self):
        line = self.rfile.readline()
        if not line or line[0] != 0x02:
            self.conn.sendall(b"\1")
            return
        queue = line[1:].strip().decode(errors="replace")
        self.ack()
        while True:
            sub = self.rfile.readline()
            if not sub:
                break
            kind, rest = sub[0], sub[1:].strip().decode(errors="replace")
            size, name = rest.split(" ", 1)
            self.ack()
            data = self.rfile.read(int(size))
            self.rfile.read(1)
            self.ack()
            if kind == 0x03:
                self.store(queue, name, data)

    def store(self, queue, name, data):
        safe = os.path.basename(name)
        dest = self.hot / queue
        dest.mkdir(parents=True, exist_ok=True)
        path = dest / f"{int(time.time())}_{safe}"
        path.write_bytes(data)
        log.info("queued %s (%d bytes) on %s", path.name, len(data), queue)


def serve(args):
    srv = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    srv.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    srv.bind((args.listen, args.port))
    srv.listen(16)
    if os.geteuid() == 0:
        switch_identity(args.user, args.group)
    hot = Path(args.hot_folder)
    while True:
        conn, peer = srv.accept()
        log.info("connection from %s", peer[0])
        try:
            LpdSession(conn, hot).handle()
        except (OSError, ValueError) as exc:
            log.warning("session error from %s: %s", peer[0], exc)
        finally:
            conn.close()


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--listen", default="198.51.100.10", help="shop LAN address")
    ap.add_argument("--port", type=int, default=515)
    ap.add_argument("--user", default="lp")
    ap.add_argument("--group", default="lp")
    ap.add_argument("--hot-folder", default="/srv/rip/hotfolder")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    serve(args)


if __name__ == "__main__":
    main()
