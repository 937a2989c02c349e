#!/usr/bin/env python3
"""Line-printer spool listener.

Starts as root to bind the legacy LPD port (515) on the loopback interface,
then permanently drops to an unprivileged account before accepting jobs.
The libc calls are made through ctypes because os.setresuid is not exposed
on every platform this script still runs on.
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
from pathlib import Path

log = logging.getLogger("spoold")

_libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
_CALLS = {
    "setgroups": ([ctypes.c_size_t, ctypes.POINTER(ctypes.c_uint)], ctypes.c_int),
    "setresgid": ([ctypes.c_uint] * 3, ctypes.c_int),
    "setresuid": ([ctypes.c_uint] * 3, ctypes.c_int),
}


def _libc_call(name, *args):
    fn = getattr(_libc, name)
    fn.argtypes, fn.restype = _CALLS[name]
    if fn(*args) != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{name}: {os.strerror(err)}")


def drop_privileges(user, group=None):
    pw = pwd.getpwnam(user)
    gid = grp.getgrnam(group).gr_gid if group else pw.pw_gid
    if os.geteuid() != 0:
        log.warning("not running as root; nothing to drop")
        return
    groups = (ctypes.c_uint * 1)(gid)
    _libc_call("setgroups", 1, groups)
    _libc_call("setresgid", gid, gid, gid)
    _libc_call("setresuid", pw.pw_uid, pw.pw_uid, pw.pw_uid)
    os.environ.update(HOME=pw.pw_dir, USER=user, LOGNAME=user)
    os.umask(0o077)
    log.info("now running as %s (uid=%d gid=%d)", user, os.getuid(), os.getgid())


def handle(conn, spool: Path, seq: int):
    with conn:
        conn.settimeout(30)
        chunks = []
        while True:
            data = conn.recv(65536)
            if not data:
                break
            chunks.append(data)
            if sum(map(len, chunks)) > 16 * 1024 * 1024:
                log.warning("job %d too large, truncated", seq)
                break
        job = spool / f"job-{os.getpid()}-{seq:06d}.lpd"
        job.write_bytes(b"".join(chunks))
        conn.sendall(b"\0")
        log.info("queued %s (%d bytes)", job.name, job.stat().st_size)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--port", type=int, default=515)
    ap.add_argument("--user", default="lp")
    ap.add_argument("--group", default="lp")
    ap.add_argument("--spool", default="/var/spool/lpd-lite")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    srv = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    srv.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    srv.bind(("127.0.0.1", args.port))
    srv.listen(16)
    drop_privileges(args.user, args.group)

    spool = Path(args.spool)
    if not os.access(spool, os.W_OK):
        log.error("spool dir %s not writable by %s", spool, args.user)
        return 1
    seq = 0
    try:
        while True:
            conn, peer = srv.accept()
            seq += 1
            log.debug("connection from %s", peer)
            try:
                handle(conn, spool, seq)
            except (OSError, socket.timeout) as exc:
                log.warning("job %d failed: %s", seq, exc)
    except KeyboardInterrupt:
        log.info("shutting down")
    finally:
        srv.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
