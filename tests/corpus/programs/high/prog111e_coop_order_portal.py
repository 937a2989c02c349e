#!/usr/bin/env python3
"""Co-op order pickup portal.

Small HTTPS status page for members and restaurants collecting orders at the
packing shed: GET /status/<order-ref> returns the order's packing state from
orders.db. Started as root by the shed's init script so it can listen on
443, then switches to the unprivileged service account before serving.
"""
import argparse
import ctypes
import ctypes.util
import grp
import json
import logging
import pwd
import re
import sqlite3
import ssl
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

LOG = logging.getLogger("portal")
REF_RE = re.compile(r"^/status/([A-Z0-9-]{4,20})$")

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


def switch_account(user, group=None):
    """Move the process to the service account once sockets are open."""
    pw = pwd.getpwnam(user)
    gid = grp.getgrnam(group).gr_gid if group else pw.pw_gid
    groups = (ctypes.c_uint * 1)(gid)
    for name, call in (("setgroups", lambda: _libc.setgroups(1, groups)),
                       ("setgid", lambda: _libc.setgid(gid)),
                       ("setuid", lambda: _libc.setuid(pw.pw_uid))):
        if call() != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{name} failed")
    LOG.info("now running as %s (uid %d, gid %d)", user, pw.pw_uid, gid)


class OrderStore:
    def __init__(self, path):
        self.path = path

    def lookup(self, ref):
        with sqlite3.connect(f"file:{self.path}?mode=ro", uri=True) as db:
            row = db.execute(
                "SELECT remote_id, restaurant, species, kg, deliver_on, status"
                " FROM orders WHERE remote_id = ?", (ref,)).fetchone()
        if not row:
            return None
        keys = ("ref", "customer", "species", "kg", "deliver_on", "status")
        return dict(zip(keys, row))


class PortalHandler(BaseHTTPRequestHandler):
    store = None
    server_version = "CoopPortal/1.4"

    def _send(self, code, payload):
        body = json.dumps(payload).encode()
        self.send_response(code)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        if self.path == "/healthz":
            return self._send(200, {"ok": True})
        m = REF_RE.match(self.path)
        if not m:
            return self._send(404, {"error": "not found"})
        try:
            order = self.store.lookup(m.group(1))
        except sqlite3.Error as exc:
            LOG.error("db error: %s", exc)
            return self._send(503, {"error": "orders unavailable"})
        if order is None:
            return self._send(404, {"error": "unknown order reference"})
        return self._send(200, order)

    def log_message(self, fmt, *args):
        LOG.info("%s %s", self.address_string(), fmt % args)


def main():
    ap = argparse.ArgumentParser(description="Co-op order pickup portal")
    ap.add_argument("--bind", default="0.0.0.0")
    ap.add_argument("--port", type=int, default=443)
    ap.add_argument("--cert", default="/srv/portal/tls/fullchain.pem")
    ap.add_argument("--key", default="/srv/portal/tls/privkey.pem")
    ap.add_argument("--db", default="/srv/portal/orders.db")
    ap.add_argument("--user", default="coopportal")
    ap.add_argument("--group")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    PortalHandler.store = OrderStore(args.db)
    try:
        httpd = ThreadingHTTPServer((args.bind, args.port), PortalHandler)
        ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        ctx.minimum_version = ssl.TLSVersion.TLSv1_2
        ctx.load_cert_chain(args.cert, args.key)
        httpd.socket = ctx.wrap_socket(httpd.socket, server_side=True)
    except OSError as exc:
        LOG.error("cannot start on %s:%d: %s", args.bind, args.port, exc)
        return 1

    try:
        switch_account(args.user, args.group)
    except (KeyError, OSError) as exc:
        LOG.error("refusing to serve without switching account: %s", exc)
        return 1

    LOG.info("serving on https://%s:%d", args.bind, args.port)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        httpd.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
