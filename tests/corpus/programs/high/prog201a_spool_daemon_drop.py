#!/usr/bin/env python3
"""Small LPD-style spool listener for the lace shop's tag printer.

Binds the classic printer port, then switches to the unprivileged spool
account before accepting jobs, which are written into the local spool folder.
"""
import argparse
import grp
import logging
import os
import pwd
import socket
import sys

log = logging.getLogger("tagspool")

LPD_PORT = 515
SPOOL_DIR = os.path.join(os.getcwd(), "spool")


def switch_account(user, group):
    pw = pwd.getpwnam(user)
    gid = grp.getgrnam(group).gr_gid
    setters = [("setgroups", [gid]), ("setgid", gid), ("setuid", pw.pw_uid)]
    for name, value in setters:
        getattr(os, name)(value)
        log.debug("%s(%r) applied", name, value)
    os.umask(0o077)
    log.info("running as %s:%s", user, group)


class SpoolServer:
    def __init__(self, host, port, spool):
        self.spool = spool
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.sock.bind((host, port))
        self.sock.listen(5)
        self.job = 0

    def handle(self, conn):
        self.job += 1
        path = os.path.join(self.spool, "job-%05d.txt" % self.job)
        size = 0
        with open(path, "wb") as out:
            while True:
                chunk = conn.recv(4096)
                if not chunk:
                    break
                out.write(chunk)
                size += len(chunk)
                if size > 2 * 1024 * 1024:
                    log.warning("job %d too large, truncated", self.job)
                    break
        log.info("job %d spooled (%d bytes)", self.job, size)

    def serve(self):
        while True:
            conn, peer = self.sock.accept()
            try:
                conn.settimeout(30)
                self.handle(conn)
            except (OSError, socket.timeout) as exc:
                log.warning("job from %s failed: %s", peer[0], exc)
            finally:
                conn.close()


def main():
    ap = argparse.ArgumentParser(description="Tag printer spool listener")
    ap.add_argument("--host", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=LPD_PORT)
    ap.add_argument("--user", default="lp")
    ap.add_argument("--group", default="lp")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    os.makedirs(SPOOL_DIR, exist_ok=True)
    try:
        server = SpoolServer(args.host, args.port, SPOOL_DIR)
        if os.geteuid() == 0:
            os.chown(SPOOL_DIR, pwd.getpwnam(args.user).pw_uid, grp.getgrnam(args.group).gr_gid)
            switch_account(args.user, args.group)
    except (OSError, KeyError) as exc:
        log.error("startup failed: %s", exc)
        return 1
    try:
        server.serve()
    except KeyboardInterrupt:
        log.info("stopping")
    return 0


if __name__ == "__main__":
    sys.exit(main())
