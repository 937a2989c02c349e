#!/usr/bin/env python3
"""Serve the built documentation on port 80 for the office demo screen.

Port 80 needs root to bind, so the server binds first and then switches to
an unprivileged account (default: nobody) through libc before it serves any
request.
"""
import argparse
import ctypes
import ctypes.util
import functools
import grp
import logging
import os
import pwd
import sys
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer

log = logging.getLogger("docs-preview")


class _Libc:
    def __init__(self):
        path = ctypes.util.find_library("c") or "libc.so.6"
        self._lib = ctypes.CDLL(path, use_errno=True)
        for name in ("setresuid", "setresgid"):
            fn = getattr(self._lib, name)
            fn.argtypes = [ctypes.c_uint, ctypes.c_uint, ctypes.c_uint]
            fn.restype = ctypes.c_int
        self._lib.setgroups.argtypes = [ctypes.c_size_t, ctypes.POINTER(ctypes.c_uint)]
        self._lib.setgroups.restype = ctypes.c_int

    def _check(self, rc, what):
        if rc != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{what} failed: {os.strerror(err)}")

    def switch_to(self, uid, gid):
        groups = (ctypes.c_uint * 1)(gid)
        self._check(self._lib.setgroups(1, groups), "setgroups")
        self._check(self._lib.setresgid(gid, gid, gid), "setresgid")
        self._check(self._lib.setresuid(uid, uid, uid), "setresuid")


def drop_to(user_name, group_name=None):
    pw = pwd.getpwnam(user_name)
    gid = grp.getgrnam(group_name).gr_gid if group_name else pw.pw_gid
    _Libc().switch_to(pw.pw_uid, gid)
    os.umask(0o022)
    log.info("now running as uid=%d gid=%d", os.getuid(), os.getgid())


class QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, fmt, *args):
        log.debug("%s - %s", self.address_string(), fmt % args)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dir", default="docs/_build/html")
    ap.add_argument("--port", type=int, default=80)
    ap.add_argument("--bind", default="0.0.0.0")
    ap.add_argument("--user", default="nobody")
    ap.add_argument("--group", default=None)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(message)s")

    root = os.path.abspath(args.dir)
    if not os.path.isdir(root):
        log.error("%s does not exist; run 'make html' first", root)
        return 1

    handler = functools.partial(QuietHandler, directory=root)
    try:
        httpd = ThreadingHTTPServer((args.bind, args.port), handler)
    except PermissionError:
        log.error("binding port %d needs root", args.port)
        return 1

    if os.geteuid() == 0:
        try:
            drop_to(args.user, args.group)
        except (KeyError, OSError) as exc:
            log.error("refusing to serve as root: %s", exc)
            httpd.server_close()
            return 1

    log.info("serving %s on http://%s:%d/", root, args.bind, args.port)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        log.info("stopped")
    finally:
        httpd.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
