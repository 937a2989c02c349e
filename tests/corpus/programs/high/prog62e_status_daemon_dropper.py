#!/usr/bin/env python3
"""Tiny status responder for the lab rack: detaches (double fork + setsid),
rewires fds 0-2, then sheds root by switching to an unprivileged account
through libc before it starts answering on 127.0.0.1."""
import argparse
import ctypes
import ctypes.util
import logging
import os
import pwd
import socket
import sys
import time

libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
libc.setgroups.argtypes = [ctypes.c_size_t, ctypes.POINTER(ctypes.c_uint)]
libc.setresgid.argtypes = [ctypes.c_uint] * 3
libc.setresuid.argtypes = [ctypes.c_uint] * 3


def _check(rc, what):
    if rc != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what}: {os.strerror(err)}")


def shed_privileges(account):
    entry = pwd.getpwnam(account)
    groups = (ctypes.c_uint * 1)(entry.pw_gid)
    _check(libc.setgroups(1, groups), "setgroups")
    _check(libc.setresgid(entry.pw_gid, entry.pw_gid, entry.pw_gid), "setresgid")
    _check(libc.setresuid(entry.pw_uid, entry.pw_uid, entry.pw_uid), "setresuid")
    os.environ.update(HOME=entry.pw_dir, USER=account, LOGNAME=account)


def detach(logfile):
    if os.fork():
        os._exit(0)
    os.setsid()
    if os.fork():
        os._exit(0)
    os.umask(0o027)
    sys.stdout.flush()
    sys.stderr.flush()
    null_in = os.open(os.devnull, os.O_RDONLY)
    out = os.open(logfile, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o640)
    os.dup2(null_in, 0)
    os.dup2(out, 1)
    os.dup2(out, 2)
    for fd in (null_in, out):
        if fd > 2:
            os.close(fd)


def serve(port, started):
    srv = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    srv.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    srv.bind(("127.0.0.1", port))
    srv.listen(8)
    logging.info("listening on 127.0.0.1:%d as uid=%d", port, os.getuid())
    while True:
        conn, peer = srv.accept()
        with conn:
            load = os.getloadavg()
            body = (f"uptime={int(time.time() - started)}s "
                    f"load={load[0]:.2f},{load[1]:.2f},{load[2]:.2f}\n")
            conn.sendall(body.encode())
        logging.debug("answered %s", peer)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--port", type=int, default=7070)
    ap.add_argument("--user", default="nobody")
    ap.add_argument("--log", default="status-daemon.log")
    ap.add_argument("--foreground", action="store_true")
    args = ap.parse_args()

    logfile = os.path.abspath(args.log)
    if not args.foreground:
        detach(logfile)
    logging.basicConfig(level=logging.INFO, stream=sys.stderr,
                        format="%(asctime)s status-daemon[%(process)d] %(message)s")
    if os.geteuid() == 0:
        shed_privileges(args.user)
    else:
        logging.info("not root, keeping uid %d", os.getuid())
    serve(args.port, time.time())


if __name__ == "__main__":
    main()
