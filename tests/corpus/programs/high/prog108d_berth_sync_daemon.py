#!/usr/bin/env python3
"""Berth booking sync receiver.

The marina group's booking platform pushes booking changes to each harbour
office as HTTPS webhooks on port 443. This daemon accepts them, verifies the
HMAC signature and applies the change to the local berth plan database used
by the dock staff tablets. It binds the port, then runs as the service user.
"""
import argparse
import configparser
import ctypes
import ctypes.util
import hashlib
import hmac
import json
import logging
import os
import pwd
import sqlite3
import ssl
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

log = logging.getLogger("berthsyncd")


class _Libc:
    """Thin wrapper so the identity switch also works on musl-based images."""

    def __init__(self):
        self.lib = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
        self.lib.setgroups.argtypes = [ctypes.c_size_t, ctypes.POINTER(ctypes.c_uint)]

    def _check(self, rc, what):
        if rc != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{what}: {os.strerror(err)}")

    def become(self, user):
        pw = pwd.getpwnam(user)
        groups = (ctypes.c_uint * 1)(pw.pw_gid)
        self._check(self.lib.setgroups(1, groups), "setgroups")
        self._check(self.lib.setresgid(pw.pw_gid, pw.pw_gid, pw.pw_gid), "setresgid")
        self._check(self.lib.setresuid(pw.pw_uid, pw.pw_uid, pw.pw_uid), "setresuid")
        os.environ["HOME"] = pw.pw_dir
        os.environ["USER"] = user
        log.info("now running as %s (%d:%d)", user, pw.pw_uid, pw.pw_gid)


class BerthPlan:
    def __init__(self, path):
        self.path = path
        with sqlite3.connect(path) as c:
            c.execute("""CREATE TABLE IF NOT EXISTS berth_plan(
                booking_id TEXT PRIMARY KEY, pontoon TEXT, berth INTEGER,
                vessel TEXT, arrival TEXT, departure TEXT, status TEXT)""")

    def apply(self, ev):
        with sqlite3.connect(self.path) as c:
            if ev["type"] == "booking.cancelled":
                c.execute("UPDATE berth_plan SET status='CANCELLED' WHERE booking_id=?", (ev["id"],))
            else:
                b = ev["booking"]
                c.execute("""INSERT OR REPLACE INTO berth_plan VALUES(?,?,?,?,?,?,?)""",
                          (ev["id"], b["pontoon"], b["berth"], b["vessel"],
                           b["arrival"], b["departure"], b.get("status", "CONFIRMED")))


def make_handler(secret, plan):
    class Handler(BaseHTTPRequestHandler):
        server_version = "berthsyncd/1.6"

        def log_message(self, fmt, *a):
            log.debug("%s " + fmt, self.client_address[0], *a)

        def do_POST(self):
            if self.path != "/hooks/bookings":
                self.send_error(404)
                return
            body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
            sig = self.headers.get("X-Signature-SHA256", "")
            want = hmac.new(secret, body, hashlib.sha256).hexdigest()
            if not hmac.compare_digest(sig, want):
                self.send_error(401)
                return
            try:
                plan.apply(json.loads(body))
            except (ValueError, KeyError, sqlite3.Error) as exc:
                log.warning("rejected event: %s", exc)
                self.send_error(422)
                return
            self.send_response(204)
            self.end_headers()

    return Handler


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="berthsyncd.ini")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")

    cp = configparser.ConfigParser()
    cp.read_dict({"server": {"listen": "0.0.0.0", "port": "443", "user": "berthsync",
                             "cert": "tls/server.crt", "key": "tls/server.key",
                             "db": "berth_plan.sqlite3"}})
    cp.read(args.config)
    s = cp["server"]
    secret = os.environ.get("BERTHSYNC_HMAC_SECRET", "").encode()
    if not secret:
        log.error("BERTHSYNC_HMAC_SECRET not set")
        return 2

    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    ctx.load_cert_chain(s["cert"], s["key"])
    plan = BerthPlan(s["db"])
    httpd = ThreadingHTTPServer((s["listen"], s.getint("port")), make_handler(secret, plan))
    httpd.socket = ctx.wrap_socket(httpd.socket, server_side=True)

    if os.geteuid() == 0:
        _Libc().become(s["user"])
    log.info("listening on %s:%s", s["listen"], s["port"])
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        httpd.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
