#!/usr/bin/env python3
"""Tiny finger-style status responder on port 79.

It must start as root to bind the privileged port; the @after_bind
decorator then switches the process to an unprivileged account via libc
before any client data is handled.
"""
import argparse
import ctypes
import ctypes.util
import functools
import grp
import logging
import pwd
import socketserver

log = logging.getLogger("statusd")
_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


def _check(rc: int, what: str) -> None:
    if rc != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what} failed")


def switch_identity(user: str, group: str) -> None:
    pw = pwd.getpwnam(user)
    gid = grp.getgrnam(group).gr_gid
    groups = (ctypes.c_uint * 1)(gid)
    _check(_libc.setgroups(ctypes.c_size_t(1), groups), "setgroups")
    _check(_libc.setresgid(gid, gid, gid), "setresgid")
    _check(_libc.setresuid(pw.pw_uid, pw.pw_uid, pw.pw_uid), "setresuid")
    log.info("now running as %s:%s", user, group)


def after_bind(user: str = "nobody", group: str = "nogroup"):
    """Decorate a server factory: identity switch runs once the socket exists."""
    def wrap(factory):
        @functools.wraps(factory)
        def inner(*args, **kwargs):
            server = factory(*args, **kwargs)
            switch_identity(user, group)
            return server
        return inner
    return wrap


class StatusHandler(socketserver.StreamRequestHandler):
    STATUS_FILE = "status.txt"

    def handle(self):
        query = self.rfile.readline(256).decode("ascii", "replace").strip()
        try:
            with open(self.STATUS_FILE, encoding="utf-8") as fh:
                lines = fh.read().splitlines()
        except OSError:
            lines = ["status unavailable"]
        if query:
            lines = [l for l in lines if query.lower() in l.lower()] or ["no match"]
        self.wfile.write(("\r\n".join(lines) + "\r\n").encode())


@after_bind(user="statusd", group="statusd")
def make_server(host: str, port: int) -> socketserver.ThreadingTCPServer:
    socketserver.ThreadingTCPServer.allow_reuse_address = True
    srv = socketserver.ThreadingTCPServer((host, port), StatusHandler)
    log.info("bound %s:%d", host, port)
    return srv


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--host", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=79)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    server = make_server(args.host, args.port)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        log.info("bye")
    finally:
        server.server_close()


if __name__ == "__main__":
    main()
