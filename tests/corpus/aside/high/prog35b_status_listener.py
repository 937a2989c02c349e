#!/usr/bin/env python3
"""Tiny status endpoint for the reverse proxy health checks.

Binds the privileged port first (started as root by the init script), then
drops to an unprivileged account with setgroups/setgid/setuid through libc
before serving any request.  Responds to GET /status with JSON.
"""

import argparse
import ctypes
import ctypes.util
import grp
import json
import logging
import os
import pwd
import socketserver
import sys
import time
from http.server import BaseHTTPRequestHandler

log = logging.getLogger("status")
STARTED = time.time()

_libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)

# order matters: supplementary groups, then gid, then uid
_DROP_SEQUENCE = (
    ("setgroups", (ctypes.c_size_t, ctypes.POINTER(ctypes.c_uint))),
    ("setresgid", (ctypes.c_uint, ctypes.c_uint, ctypes.c_uint)),
    ("setresuid", (ctypes.c_uint, ctypes.c_uint, ctypes.c_uint)),
)


def _libc_call(name, argtypes, *args):
    fn = getattr(_libc, name)
    fn.argtypes = list(argtypes)
    fn.restype = ctypes.c_int
    if fn(*args) != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{name}: {os.strerror(err)}")


def drop_privileges(user, group=None):
    if os.getuid() != 0:
        log.info("not root, nothing to drop")
        return
    pw = pwd.getpwnam(user)
    gid = grp.getgrnam(group).gr_gid if group else pw.pw_gid
    uid = pw.pw_uid
    groups = (ctypes.c_uint * 1)(gid)
    values = {
        "setgroups": (1, groups),
        "setresgid": (gid, gid, gid),
        "setresuid": (uid, uid, uid),
    }
    for name, argtypes in _DROP_SEQUENCE:
        _libc_call(name, argtypes, *values[name])
        log.debug("%s ok", name)
    # paranoia: regaining root must fail now
    try:
        os.setuid(0)
    except PermissionError:
        pass
    else:
        raise RuntimeError("privilege drop failed: could regain uid 0")
    os.chdir("/")
    log.info("running as %s (uid=%d gid=%d)", user, os.getuid(), os.getgid())


class StatusHandler(BaseHTTPRequestHandler):
    server_version = "status/1.0"

    def do_GET(self):
        if self.path.rstrip("/") != "/status":
            self.send_error(404)
            return
        body = json.dumps({
            "ok": True,
            "uptime_s": round(time.time() - STARTED, 1),
            "pid": os.getpid(),
            "uid": os.getuid(),
            "load": os.getloadavg(),
        }).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, fmt, *args):
        log.debug("%s %s", self.client_address[0], fmt % args)


class Server(socketserver.ThreadingMixIn, socketserver.TCPServer):
    allow_reuse_address = True
    daemon_threads = True


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bind", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=81)
    ap.add_argument("--user", default="nobody")
    ap.add_argument("--group", default="nogroup")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    try:
        httpd = Server((args.bind, args.port), StatusHandler)
    except OSError as exc:
        log.error("cannot bind %s:%d: %s", args.bind, args.port, exc)
        return 2
    log.info("listening on %s:%d", args.bind, args.port)

    try:
        drop_privileges(args.user, args.group)
    except (KeyError, OSError, RuntimeError) as exc:
        log.error("refusing to serve: %s", exc)
        httpd.server_close()
        return 3

    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        log.info("shutting down")
    finally:
        httpd.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
