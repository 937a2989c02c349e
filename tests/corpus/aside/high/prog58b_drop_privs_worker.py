#!/usr/bin/env python3
"""Minimal syslog-over-UDP collector for lab hosts.

Binds the privileged port 514 on the loopback interface while still root,
then permanently drops to an unprivileged account through libc (setgroups,
setresgid, setresuid) before handling any packet.  Each message gets a short
Base32 id and is appended to ./collected/<date>.log.
"""
import argparse
import base64
import ctypes
import ctypes.util
import datetime as dt
import grp
import logging
import os
import pwd
import socket
import sys
from pathlib import Path

log = logging.getLogger("udp-syslog")
_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
_libc.setgroups.argtypes = [ctypes.c_size_t, ctypes.POINTER(ctypes.c_uint)]
_libc.setresgid.argtypes = [ctypes.c_uint] * 3
_libc.setresuid.argtypes = [ctypes.c_uint] * 3


def _check(rc: int, what: str) -> None:
    if rc != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what} failed: {os.strerror(err)}")


def drop_privileges(user: str, group: str) -> None:
    uid = pwd.getpwnam(user).pw_uid
    gid = grp.getgrnam(group).gr_gid
    groups = (ctypes.c_uint * 1)(gid)
    _check(_libc.setgroups(1, groups), "setgroups")
    _check(_libc.setresgid(gid, gid, gid), "setresgid")
    _check(_libc.setresuid(uid, uid, uid), "setresuid")
    if os.getuid() == 0 or os.geteuid() == 0:
        raise RuntimeError("privileges were not dropped")
    os.umask(0o077)
    log.info("now running as %s:%s (uid=%d gid=%d)", user, group, uid, gid)


def message_id(counter: int, peer: str) -> str:
    raw = counter.to_bytes(4, "big") + socket.inet_aton(peer)
    return base64.b32encode(raw).decode().rstrip("=")


def serve(sock: socket.socket, outdir: Path, max_messages: int) -> None:
    outdir.mkdir(parents=True, exist_ok=True)
    counter = 0
    while max_messages <= 0 or counter < max_messages:
        data, (peer, _port) = sock.recvfrom(8192)
        counter += 1
        stamp = dt.datetime.now(dt.timezone.utc)
        line = data.decode("utf-8", errors="replace").rstrip("\n")
        target = outdir / f"{stamp:%Y-%m-%d}.log"
        with target.open("a", encoding="utf-8") as fh:
            fh.write(f"{stamp:%H:%M:%S} {message_id(counter, peer)} {peer} {line}\n")
        if counter % 100 == 0:
            log.info("%d messages collected", counter)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--port", type=int, default=514)
    ap.add_argument("--user", default="nobody")
    ap.add_argument("--group", default="nogroup")
    ap.add_argument("--out", type=Path, default=Path("collected"))
    ap.add_argument("--max", type=int, default=0, help="stop after N messages")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")

    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind(("127.0.0.1", args.port))
    except PermissionError:
        log.error("binding port %d needs root; start with elevated rights", args.port)
        return 1
    args.out.mkdir(parents=True, exist_ok=True)
    if os.geteuid() == 0:
        uid = pwd.getpwnam(args.user).pw_uid
        os.chown(args.out, uid, -1)
        drop_privileges(args.user, args.group)
    try:
        serve(sock, args.out, args.max)
    except KeyboardInterrupt:
        log.info("interrupted")
    finally:
        sock.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
