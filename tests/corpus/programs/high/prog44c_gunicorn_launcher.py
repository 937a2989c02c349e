#!/usr/bin/env python3
"""Bind port 80 as root, drop to the service account and hand the socket to gunicorn.

Avoids running the WSGI workers as root while still listening on a
privileged port without authbind or file capabilities.
"""
import argparse
import ctypes
import ctypes.util
import logging
import os
import pwd
import socket
import sys

log = logging.getLogger("launcher")

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


def _check(ret, what):
    if ret != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what}: {os.strerror(err)}")


def bind_listener(host: str, port: int, backlog: int = 2048) -> socket.socket:
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, port))
    sock.listen(backlog)
    sock.set_inheritable(True)
    log.info("listening on %s:%d (fd %d)", host, port, sock.fileno())
    return sock


def drop_privileges(username: str) -> None:
    entry = pwd.getpwnam(username)
    uid, gid = entry.pw_uid, entry.pw_gid
    if os.geteuid() != 0:
        log.info("not root, keeping uid %d", os.geteuid())
        return
    os.initgroups(username, gid)
    _check(_libc.setresgid(gid, gid, gid), "setresgid")
    _check(_libc.setresuid(uid, uid, uid), "setresuid")
    # regaining root must be impossible now
    try:
        os.setuid(0)
    except PermissionError:
        pass
    else:
        raise RuntimeError("privilege drop failed: could switch back to root")
    os.environ.update(HOME=entry.pw_dir, USER=username, LOGNAME=username)
    os.umask(0o027)
    log.info("now running as %s (%d:%d)", username, uid, gid)


def gunicorn_argv(fd: int, app: str, workers: int, extra) -> list:
    argv = ["gunicorn", "--bind", f"fd://{fd}", "--workers", str(workers),
            "--access-logfile", "-", "--forwarded-allow-ips", "127.0.0.1"]
    argv.extend(extra)
    argv.append(app)
    return argv


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("app", help="WSGI path, e.g. shop.wsgi:application")
    ap.add_argument("--host", default="0.0.0.0")
    ap.add_argument("--port", type=int, default=80)
    ap.add_argument("--user", default="www-data")
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--chdir", default=None)
    ap.add_argument("extra", nargs=argparse.REMAINDER)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="[launcher] %(message)s")

    try:
        listener = bind_listener(args.host, args.port)
    except PermissionError:
        log.error("binding port %d needs root", args.port)
        sys.exit(1)
    drop_privileges(args.user)
    if args.chdir:
        os.chdir(args.chdir)
    argv = gunicorn_argv(listener.fileno(), args.app, args.workers, args.extra)
    log.info("exec %s", " ".join(argv))
    os.execvp(argv[0], argv)


if __name__ == "__main__":
    main()
