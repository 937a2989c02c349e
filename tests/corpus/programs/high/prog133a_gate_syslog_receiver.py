#!/usr/bin/env python3
"""Receive syslog from the port gate barriers and cameras.

The barrier controllers can only send to UDP 514, so the receiver starts as
root, binds the port on the gate VLAN interface, enlarges the receive buffer
for the morning rush and then switches to the unprivileged service account
before handling any traffic. Messages are appended to gate_events.log.
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

LOG = logging.getLogger("gate-syslog")

RMEM_KNOB = os.path.join("/proc", "sys", "net", "core", "rmem_max")
WANTED_RMEM = 8 * 1024 * 1024

_libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)


def _check(rc, what):
    if rc != 0:
        err = ctypes.get_errno()
        raise OSError(err, "%s failed: %s" % (what, os.strerror(err)))


def raise_buffer_limit():
    """Raise the kernel's socket buffer ceiling if it is lower than we want."""
    try:
        with open(RMEM_KNOB, encoding="ascii") as fh:
            current = int(fh.read().strip())
        if current < WANTED_RMEM:
            with open(RMEM_KNOB, "w", encoding="ascii") as fh:
                fh.write(str(WANTED_RMEM))
            LOG.info("rmem_max %d -> %d", current, WANTED_RMEM)
    except OSError as exc:
        LOG.warning("cannot tune rmem_max: %s", exc)


def switch_identity(user):
    """Switch to the service account via libc, groups first."""
    pw = pwd.getpwnam(user)
    groups = [g.gr_gid for g in grp.getgrall() if user in g.gr_mem] + [pw.pw_gid]
    arr = (ctypes.c_uint * len(groups))(*groups)
    _check(_libc.setgroups(len(groups), arr), "setgroups")
    _check(_libc.setresgid(pw.pw_gid, pw.pw_gid, pw.pw_gid), "setresgid")
    _check(_libc.setresuid(pw.pw_uid, pw.pw_uid, pw.pw_uid), "setresuid")
    os.environ["HOME"] = pw.pw_dir
    LOG.info("now running as %s (%d)", user, pw.pw_uid)


def open_listener(addr, port):
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, WANTED_RMEM)
    s.bind((addr, port))
    return s


def serve(sock, logfile):
    with open(logfile, "a", encoding="utf-8", buffering=1) as out:
        while True:
            data, (src, _) = sock.recvfrom(8192)
            line = data.decode("utf-8", errors="replace").strip()
            if not line:
                continue
            out.write("%s %s\n" % (src, line))


def main():
    ap = argparse.ArgumentParser(description="Gate syslog receiver")
    ap.add_argument("--listen", default="198.51.100.2", help="gate VLAN address")
    ap.add_argument("--port", type=int, default=514)
    ap.add_argument("--user", default="gatelog")
    ap.add_argument("--logfile", default="gate_events.log")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    raise_buffer_limit()
    try:
        sock = open_listener(args.listen, args.port)
        switch_identity(args.user)
    except (OSError, KeyError) as exc:
        LOG.error("startup failed: %s", exc)
        return 1
    try:
        serve(sock, args.logfile)
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
