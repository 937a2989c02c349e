#!/usr/bin/env python3
"""Receive precinct results transmissions on the county results server.

Precinct tabulators transmit their unofficial results over the county's
private APN to this receiver, which stores each transmission as a JSON file
in the intake directory for the central tabulation operator to review.

The receiver listens on the standard HTTPS port and then switches to the
unprivileged 'enrintake' service account before handling any request.
"""

import argparse
import ctypes
import ctypes.util
import datetime as dt
import grp
import hashlib
import json
import logging
import os
import pwd
import ssl
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

log = logging.getLogger("results-receiver")

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


def _check(rc, what):
    if rc != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what}: {os.strerror(err)}")


def switch_account(user, group):
    """Change to the service account's uid/gid for the rest of the process."""
    pw = pwd.getpwnam(user)
    gid = grp.getgrnam(group).gr_gid
    groups = (ctypes.c_uint * 1)(gid)
    _check(_libc.setgroups(ctypes.c_size_t(1), groups), "setgroups")
    _check(_libc.setresgid(gid, gid, gid), "setresgid")
    _check(_libc.setresuid(pw.pw_uid, pw.pw_uid, pw.pw_uid), "setresuid")
    os.environ["HOME"] = pw.pw_dir
    log.info("now running as %s (%d:%d)", user, os.getuid(), os.getgid())


class IntakeHandler(BaseHTTPRequestHandler):
    intake_dir = Path("intake")
    allowed_precincts = frozenset()
    max_body = 2 * 1024 * 1024

    def log_message(self, fmt, *args):
        log.info("%s %s", self.client_address[0], fmt % args)

    def _reply(self, code, obj):
        body = json.dumps(obj).encode()
        self.send_response(code)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_POST(self):
        if self.path != "/transmit":
            return self._reply(404, {"error": "not found"})
        length = int(self.headers.get("Content-Length", 0))
        if length <= 0 or length > self.max_body:
            return self._reply(413, {"error": "bad length"})
        raw = self.rfile.read(length)
        try:
            doc = json.loads(raw)
            precinct = str(doc["precinct"])
            doc["contests"]
        except (ValueError, KeyError):
            return self._reply(400, {"error": "malformed transmission"})
        if self.allowed_precincts and precinct not in self.allowed_precincts:
            return self._reply(403, {"error": "unknown precinct"})

        digest = hashlib.sha256(raw).hexdigest()
        stamp = dt.datetime.utcnow().strftime("%Y%m%dT%H%M%S")
        out = self.intake_dir / f"{precinct}_{stamp}_{digest[:12]}.json"
        out.write_bytes(raw)
        os.chmod(out, 0o640)
        self._reply(200, {"receipt": digest, "stored": out.name})


def load_precincts(path):
    if not path or not os.path.exists(path):
        return frozenset()
    with open(path) as fh:
        return frozenset(line.strip() for line in fh if line.strip())


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--bind", default="10.40.0.20")
    ap.add_argument("--port", type=int, default=443)
    ap.add_argument("--cert", default="/etc/enr/receiver.crt")
    ap.add_argument("--key", default="/etc/enr/receiver.key")
    ap.add_argument("--intake", default="intake")
    ap.add_argument("--precincts", default="precincts.txt")
    ap.add_argument("--user", default="enrintake")
    ap.add_argument("--group", default="enrintake")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")

    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    ctx.minimum_version = ssl.TLSVersion.TLSv1_2
    ctx.load_cert_chain(args.cert, args.key)

    IntakeHandler.intake_dir = Path(args.intake)
    IntakeHandler.intake_dir.mkdir(exist_ok=True)
    IntakeHandler.allowed_precincts = load_precincts(args.precincts)

    server = ThreadingHTTPServer((args.bind, args.port), IntakeHandler)
    server.socket = ctx.wrap_socket(server.socket, server_side=True)
    log.info("listening on %s:%d", args.bind, args.port)

    if os.geteuid() == 0:
        pw = pwd.getpwnam(args.user)
        os.chown(IntakeHandler.intake_dir, pw.pw_uid, grp.getgrnam(args.group).gr_gid)
        switch_account(args.user, args.group)

    try:
        server.serve_forever()
    except KeyboardInterrupt:
        log.info("shutting down")
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
