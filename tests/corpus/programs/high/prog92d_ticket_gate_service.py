#!/usr/bin/env python3
"""Ticket validation endpoint for the SU ballroom gate tablets.

Gate tablets POST the scanned QR payload to https://gate.local/validate and
get back admit/reject. The service listens on the standard HTTPS port so the
tablets' captive browser needs no port in the URL, then runs as the
unprivileged service account for the rest of the night.

    ticket_gate_service.py --cert gate.pem --key gate.key --user su-gate
"""
import argparse
import ctypes
import ctypes.util
import grp
import hashlib
import hmac
import json
import logging
import os
import pwd
import ssl
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

log = logging.getLogger("gate")


class Identity:
    """Switches the process to the service account once sockets are open."""

    _libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)

    def __init__(self, user):
        entry = pwd.getpwnam(user)
        self.uid, self.gid, self.name = entry.pw_uid, entry.pw_gid, user
        self.groups = [g.gr_gid for g in grp.getgrall() if user in g.gr_mem]

    def _check(self, rc, what):
        if rc != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{what}: {os.strerror(err)}")

    def assume(self):
        arr = (ctypes.c_uint * max(len(self.groups), 1))(*self.groups)
        self._check(self._libc.setgroups(len(self.groups), arr), "setgroups")
        self._check(self._libc.setresgid(self.gid, self.gid, self.gid), "setresgid")
        self._check(self._libc.setresuid(self.uid, self.uid, self.uid), "setresuid")
        log.info("now running as %s (uid %d)", self.name, os.getuid())


class Ledger:
    def __init__(self):
        self.lock = threading.Lock()
        self.seen = {}

    def admit(self, ticket):
        with self.lock:
            if ticket in self.seen:
                return False, self.seen[ticket]
            self.seen[ticket] = time.strftime("%H:%M:%S")
            return True, self.seen[ticket]


def make_handler(key, event, ledger):
    class GateHandler(BaseHTTPRequestHandler):
        server_version = "su-gate/1.2"

        def _reply(self, code, body):
            data = json.dumps(body).encode()
            self.send_response(code)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def do_POST(self):
            if self.path != "/validate":
                return self._reply(404, {"error": "not found"})
            length = int(self.headers.get("Content-Length", "0"))
            try:
                payload = json.loads(self.rfile.read(min(length, 4096)))["code"]
                ev, ticket, sig = payload.split(".")
            except (ValueError, KeyError, TypeError):
                return self._reply(400, {"result": "reject", "reason": "malformed"})
            mac = hmac.new(key, f"{ev}.{ticket}".encode(), hashlib.sha256).hexdigest()
            if ev != event or not hmac.compare_digest(mac[:32], sig.lower()):
                return self._reply(200, {"result": "reject", "reason": "invalid"})
            ok, when = ledger.admit(ticket)
            if not ok:
                return self._reply(200, {"result": "reject", "reason": f"used at {when}"})
            return self._reply(200, {"result": "admit", "ticket": ticket})

        def log_message(self, fmt, *args):
            log.info("%s %s", self.client_address[0], fmt % args)

    return GateHandler


def main():
    ap = argparse.ArgumentParser(description="SU gate ticket validation service")
    ap.add_argument("--bind", default="0.0.0.0")
    ap.add_argument("--port", type=int, default=443)
    ap.add_argument("--cert", required=True)
    ap.add_argument("--key", required=True)
    ap.add_argument("--user", default="su-gate")
    ap.add_argument("--event", default=os.environ.get("GATE_EVENT", ""))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    signing_key = os.environ.get("TICKET_SIGNING_KEY", "").encode()
    if not signing_key or not args.event:
        raise SystemExit("TICKET_SIGNING_KEY and --event/GATE_EVENT are required")

    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    ctx.load_cert_chain(args.cert, args.key)

    httpd = ThreadingHTTPServer((args.bind, args.port),
                                make_handler(signing_key, args.event, Ledger()))
    httpd.socket = ctx.wrap_socket(httpd.socket, server_side=True)
    log.info("listening on %s:%d for %s", args.bind, args.port, args.event)

    Identity(args.user).assume()
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        log.info("gate service stopped")


if __name__ == "__main__":
    main()
